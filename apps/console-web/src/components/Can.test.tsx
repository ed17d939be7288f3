import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../test/fetchMock.js';
import { renderWithProviders } from '../test/renderWithProviders.js';
import { CanDo } from './Can.js';

/** Answers has-permission from a list of allowed request ids; `hold` keeps it pending. */
function mockPermissions(allowed: string[], hold?: Promise<void>) {
  return mockApi({
    'POST /api/v1/has-permission': async (call) => {
      await hold;
      return permissionsReply((id) => allowed.includes(id))(call);
    },
  });
}

const controls = (
  <>
    <CanDo action="s3:DeleteBucket" bucket="photos">
      <Button>Delete</Button>
    </CanDo>
    <CanDo action="s3:PutObject" bucket="photos">
      <Button>Upload</Button>
    </CanDo>
    <CanDo action="admin:ServiceRestart">
      <Button>Restart</Button>
    </CanDo>
  </>
);

describe('CanDo', () => {
  it('leaves an allowed control alone, with no reason attached', async () => {
    mockPermissions(['s3:DeleteBucket@photos', 's3:PutObject@photos', 'admin:ServiceRestart']);
    renderWithProviders(controls);
    await waitFor(() => expect(document.querySelector('[data-missing-permission]')).toBeNull());
    for (const name of ['Delete', 'Upload', 'Restart']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
      expect(screen.getByRole('button', { name })).not.toHaveAccessibleDescription();
    }
  });

  it('disables a denied control and names the missing action, on focus too', async () => {
    mockPermissions(['s3:PutObject@photos']);
    renderWithProviders(controls);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      'You need the s3:DeleteBucket permission',
    );
    expect(screen.getByRole('button', { name: 'Restart' })).toHaveAccessibleDescription(
      'You need the admin:ServiceRestart permission',
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();

    // Keyboard users reach the reason: the wrapper takes focus and opens the tooltip.
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toHaveAttribute('data-missing-permission', 's3:DeleteBucket');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You need the s3:DeleteBucket permission');
  });

  it('asks once for every control of a screen, naming the bucket for bucket actions', async () => {
    const api = mockPermissions([]);
    renderWithProviders(controls);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Restart' })).toBeDisabled());
    expect(api.callsTo('POST /api/v1/has-permission')).toHaveLength(1);
    expect(api.callsTo('POST /api/v1/has-permission')[0]!.body).toEqual({
      actions: [
        { id: 's3:DeleteBucket@photos', action: 's3:DeleteBucket', bucket_name: 'photos' },
        { id: 's3:PutObject@photos', action: 's3:PutObject', bucket_name: 'photos' },
        { id: 'admin:ServiceRestart', action: 'admin:ServiceRestart' },
      ],
    });
  });

  it('keeps controls usable while the answer is pending', async () => {
    let answer = () => {};
    mockPermissions([], new Promise<void>((resolve) => (answer = resolve)));
    renderWithProviders(controls);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    answer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled());
  });

  it('keeps controls usable when the check itself fails (the server still decides)', async () => {
    const api = mockApi({
      'POST /api/v1/has-permission': { status: 500, body: { message: 'x', detailedMessage: '' } },
    });
    renderWithProviders(controls);
    await waitFor(() => expect(api.callsTo('POST /api/v1/has-permission')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(document.querySelector('[data-missing-permission]')).toBeNull();
  });
});
