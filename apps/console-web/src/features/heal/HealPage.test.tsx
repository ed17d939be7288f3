import type { HealFrame } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { bucket, session } from '../../test/fixtures.js';
import { type LiveSocketServer, liveSocketServer } from '../../test/liveSocketServer.js';
import { renderApp } from '../../test/renderApp.js';

let live: LiveSocketServer;
beforeEach(async () => {
  live = await liveSocketServer();
});
afterEach(() => live.close());

function mockHeal(distributedMode = true) {
  return mockApi({
    'GET /api/v1/session': { body: session({ distributedMode }) },
    'GET /api/v1/buckets': { body: { buckets: [bucket('photos'), bucket('logs')], total: 2 } },
  });
}

const frame = (over: Partial<HealFrame> = {}): HealFrame => ({
  summary: 'running',
  healDuration: 2.4,
  bytesScanned: 2048,
  itemsScanned: 10,
  objectsScanned: 8,
  itemsHealed: 3,
  objectsHealed: 3,
  healthBeforeCols: { Green: 5, Yellow: 3, Red: 1, Grey: 1 },
  healthAfterCols: { Green: 10, Yellow: 0, Red: 0, Grey: 0 },
  ...over,
});

describe('heal', () => {
  it('outside a distributed setup the tool is not offered', async () => {
    mockHeal(false);
    renderApp('/heal');
    expect(await screen.findByText('Heal needs a distributed (erasure-coded) setup.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('Force Start and Force Stop are mutually exclusive; Start needs a bucket', async () => {
    mockHeal();
    const { user } = renderApp('/heal');
    const start = await screen.findByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Bucket' })).toHaveAttribute('placeholder', 'Select Bucket');
    const forceStart = screen.getByRole('checkbox', { name: 'Force Start' });
    const forceStop = screen.getByRole('checkbox', { name: 'Force Stop' });
    await user.click(forceStart);
    expect(forceStart).toBeChecked();
    await user.click(forceStop);
    expect(forceStop).toBeChecked();
    expect(forceStart).not.toBeChecked();
    await user.click(forceStart);
    expect(forceStop).not.toBeChecked();
  });

  it('Start opens the bucket heal socket and draws the before/after chart and the figures', async () => {
    mockHeal();
    const { user } = renderApp('/heal');
    await user.click(await screen.findByRole('combobox', { name: 'Bucket' }));
    await user.click(await screen.findByRole('option', { name: 'photos' }));
    await user.type(screen.getByRole('textbox', { name: 'Prefix' }), '2026/');
    await user.click(screen.getByRole('checkbox', { name: 'Recursive' }));
    await user.click(screen.getByRole('checkbox', { name: 'Force Start' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));

    const server = await live.opened();
    const url = new URL(live.paths[0] as string, 'http://x');
    expect(url.pathname).toBe('/ws/heal/photos');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prefix: '2026/',
      recursive: 'true',
      'force-start': 'true',
      'force-stop': 'false',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled());

    server.send(JSON.stringify(frame()));
    const chart = await screen.findByRole('list', { name: "Item's Health Status [%]" });
    expect(
      await within(chart).findByRole('listitem', { name: 'Green Before healing: 50%' }),
    ).toBeInTheDocument();
    expect(within(chart).getByRole('listitem', { name: 'Yellow Before healing: 30%' })).toBeInTheDocument();
    expect(within(chart).getByRole('listitem', { name: 'Red Before healing: 10%' })).toBeInTheDocument();
    expect(within(chart).getByRole('listitem', { name: 'Grey Before healing: 10%' })).toBeInTheDocument();
    expect(within(chart).getByRole('listitem', { name: 'Green After healing: 100%' })).toBeInTheDocument();
    expect(within(chart).getByRole('listitem', { name: 'Red After healing: 0%' })).toBeInTheDocument();
    expect(screen.getByText('Size scanned').nextSibling).toHaveTextContent('2.0 KiB');
    expect(screen.getByText('Objects healed').nextSibling).toHaveTextContent('3 / 8');
    expect(screen.getByText('Healing time').nextSibling).toHaveTextContent('2s');

    // Spec 002 §4: running ends when the server closes.
    server.send(JSON.stringify(frame({ summary: 'finished', objectsHealed: 4 })));
    server.close(1000);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    expect(screen.getByText('Objects healed').nextSibling).toHaveTextContent('4 / 8');
    expect(live.paths).toHaveLength(1);
  });
});
