import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { EditYamlDialog } from './EditYamlDialog.js';
import { rebaseYaml } from './rebaseYaml.js';
import {
  BASE,
  NS,
  RIGHTS_ROUTE,
  renderTab,
  rights,
  stubTextLayout,
  TENANT,
  tenantYamlAt,
} from './renderTab.test-support.js';

beforeAll(stubTextLayout);

const yamlAt = tenantYamlAt;

/** The CodeMirror view inside the dialog, once the lazily loaded editor has mounted. */
async function editor(): Promise<EditorView> {
  const dialog = await screen.findByRole('dialog', { name: 'Edit YAML' });
  const content = await waitFor(() => {
    const node = dialog.querySelector<HTMLElement>('.cm-content');
    if (!node) throw new Error('no editor yet');
    return node;
  });
  expect(content).toHaveAttribute('aria-label', 'Tenant YAML');
  return EditorView.findFromDOM(content)!;
}

function replaceText(view: EditorView, from: string, to: string) {
  const text = view.state.doc.toString();
  const at = text.indexOf(from);
  act(() => view.dispatch({ changes: { from: at, to: at + from.length, insert: to } }));
}

function mockYaml(put: { status: number; body?: unknown }, readOnly = false) {
  let version = '100';
  const api = mockApi({
    [RIGHTS_ROUTE]: rights(readOnly),
    [`GET ${BASE}/yaml`]: () => ({ body: { yaml: yamlAt(version) } }),
    [`PUT ${BASE}/yaml`]: put,
  });
  return { api, bump: (next: string) => (version = next) };
}

describe('Edit YAML', () => {
  it('shows the tenant YAML in the editor, flags schema problems inline and saves the edited text', async () => {
    const { api } = mockYaml({ status: 204 });
    const { user } = renderTab(<EditYamlDialog namespace={NS} tenant={TENANT} opened onClose={() => {}} />);
    const view = await editor();
    expect(view.state.doc.toString()).toBe(yamlAt('100'));
    expect(await screen.findByText('Valid against the Tenant schema')).toBeInTheDocument();
    replaceText(view, 'servers: 4', 'servers: four');
    expect(
      await screen.findByText('Line 10: spec.pools[0].servers must be of type integer'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 problem')).toBeInTheDocument();
    replaceText(view, 'servers: four', 'servers: 8');
    await waitFor(() => expect(screen.getByText('Valid against the Tenant schema')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${BASE}/yaml`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${BASE}/yaml`)[0]?.body).toEqual({ yaml: yamlAt('100', 8) });
    expect(await screen.findByText('Tenant YAML saved')).toBeInTheDocument();
  });

  it('Save is disabled for a blank text; a save error is shown inline', async () => {
    mockYaml({ status: 400, body: { message: 'bad', detailedMessage: 'The YAML has no spec' } });
    const { user } = renderTab(<EditYamlDialog namespace={NS} tenant={TENANT} opened onClose={() => {}} />);
    const view = await editor();
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '  \n' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: 'metadata: {}\n' } }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit YAML' });
    expect(await within(dialog).findByText('The YAML has no spec')).toBeInTheDocument();
  });

  it('a 409 explains the conflict; keeping the edits moves them onto the current version', async () => {
    const { api, bump } = mockYaml({
      status: 409,
      body: { message: 'conflict', detailedMessage: 'The tenant was changed by someone else' },
    });
    const { user } = renderTab(<EditYamlDialog namespace={NS} tenant={TENANT} opened onClose={() => {}} />);
    const view = await editor();
    replaceText(view, 'servers: 4', 'servers: 8');
    bump('101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tenant changed since you opened it')).toBeInTheDocument();
    api.set(`PUT ${BASE}/yaml`, { status: 204 });
    await user.click(screen.getByRole('button', { name: 'Keep my edits on the current version' }));
    await waitFor(() => expect(view.state.doc.toString()).toBe(yamlAt('101', 8)));
    expect(screen.queryByText('The tenant changed since you opened it')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${BASE}/yaml`)).toHaveLength(2));
    expect(api.callsTo(`PUT ${BASE}/yaml`)[1]?.body).toEqual({ yaml: yamlAt('101', 8) });
  });

  it('after a 409, reloading shows the current YAML and keeps the edited text to copy from', async () => {
    const { bump } = mockYaml({ status: 409, body: { message: 'conflict', detailedMessage: 'changed' } });
    const { user } = renderTab(<EditYamlDialog namespace={NS} tenant={TENANT} opened onClose={() => {}} />);
    const view = await editor();
    replaceText(view, 'servers: 4', 'servers: 8');
    bump('102');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Discard my edits and reload' }));
    await waitFor(() => expect(view.state.doc.toString()).toBe(yamlAt('102')));
    expect(screen.getByRole('textbox', { name: 'Your edited text' })).toHaveValue(yamlAt('100', 8));
  });

  it('a read-only token cannot save, and is told why', async () => {
    mockYaml({ status: 204 }, true);
    renderTab(<EditYamlDialog namespace={NS} tenant={TENANT} opened onClose={() => {}} />);
    await editor();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByText('Your access token may not change this tenant')).toBeInTheDocument();
  });
});

describe('rebaseYaml', () => {
  it('takes the fresh resourceVersion and keeps every edit and comment', () => {
    const edited = `# mine\n${yamlAt('100', 8)}`;
    expect(rebaseYaml(edited, yamlAt('101'))).toBe(`# mine\n${yamlAt('101', 8)}`);
    expect(rebaseYaml('spec: [', yamlAt('101'))).toBe('spec: [');
  });
});
