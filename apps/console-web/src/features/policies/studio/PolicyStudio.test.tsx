// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { bucket } from '../../../test/fixtures.js';
import { renderWithProviders } from '../../../test/renderWithProviders.js';
import { stubTextLayout } from '../../tenants/detail/renderTab.test-support.js';
import { type LintOptions, lintPolicy } from './lintPolicy.js';
import { PolicyStudio } from './PolicyStudio.js';

beforeAll(stubTextLayout);

/** The studio as a screen holds it: the text is state, lint runs on each text. */
function Harness({ initial, options }: { initial: string; options: LintOptions }) {
  const [text, setText] = useState(initial);
  const problems = useMemo(() => lintPolicy(text, options), [text, options]);
  return (
    <>
      <PolicyStudio
        value={text}
        onChange={setText}
        problems={problems}
        kind={options.kind}
        bucket={options.bucket}
        label="Policy"
        blocked={false}
      />
      <output data-testid="text">{text}</output>
    </>
  );
}

const IDENTITY: LintOptions = { kind: 'identity' };
const shownText = () => screen.getByTestId('text').textContent ?? '';
const shownJson = () => JSON.parse(shownText());

function setup(initial: string, options: LintOptions = IDENTITY) {
  mockApi({ 'GET /api/v1/buckets': { body: { buckets: [bucket('photos'), bucket('drop')], total: 2 } } });
  const user = userEvent.setup();
  renderWithProviders(<Harness initial={initial} options={options} />);
  return user;
}

/** The CodeMirror view of the JSON tab, once its lazily loaded chunk has mounted. */
async function jsonEditor(): Promise<EditorView> {
  const content = await waitFor(() => {
    const node = document.querySelector<HTMLElement>('.cm-content');
    if (!node) throw new Error('no editor yet');
    return node;
  });
  expect(content).toHaveAttribute('aria-label', 'Policy');
  return EditorView.findFromDOM(content) as EditorView;
}

const READ = JSON.stringify(
  {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::photos/*' }],
  },
  null,
  2,
);

describe('PolicyStudio', () => {
  it('applies the per-user home template for a picked bucket: no lint problems', async () => {
    const user = setup('{"Version":"2012-10-17","Statement":[]}');
    await user.click(screen.getAllByLabelText('Start from a template')[0]!);
    await user.click(
      await screen.findByRole('option', { name: 'Per-user home folder (home/${aws:username}/)' }),
    );
    await user.click(screen.getAllByLabelText('Bucket')[0]!);
    await user.click(await screen.findByRole('option', { name: 'photos' }));
    await user.click(screen.getByRole('button', { name: 'Use template' }));
    expect(shownJson().Statement).toEqual([
      {
        Sid: 'ListOwnHome',
        Effect: 'Allow',
        Action: ['s3:ListBucket'],
        Resource: ['arn:aws:s3:::photos'],
        Condition: { StringLike: { 's3:prefix': ['', 'home/', 'home/${aws:username}/*'] } },
      },
      {
        Sid: 'OwnHomeObjects',
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        Resource: ['arn:aws:s3:::photos/home/${aws:username}/*'],
      },
    ]);
    expect(screen.getByText('No problems found.')).toBeInTheDocument();
    // The builder shows what the template wrote.
    const second = screen.getByRole('region', { name: 'Statement 2' });
    expect(within(second).getByDisplayValue('OwnHomeObjects')).toBeInTheDocument();
  });

  it('builds a statement: effect, actions, an ARN from the bucket list, a condition; duplicate and remove', async () => {
    const user = setup(READ);
    const first = screen.getByRole('region', { name: 'Statement 1' });
    await user.click(within(first).getByRole('radio', { name: 'Deny' }));
    expect(shownJson().Statement[0].Effect).toBe('Deny');
    // A bare string stays bare until a second value makes it a list.
    expect(shownJson().Statement[0].Action).toBe('s3:GetObject');
    await user.type(within(first).getByRole('combobox', { name: 'Actions' }), 's3:PutObject{enter}');
    expect(shownJson().Statement[0].Action).toEqual(['s3:GetObject', 's3:PutObject']);

    await user.click(within(first).getAllByLabelText('Bucket for an ARN')[0]!);
    await user.click(await screen.findByRole('option', { name: 'drop' }));
    await user.type(within(first).getByRole('textbox', { name: 'Prefix (optional)' }), 'in/');
    await user.click(within(first).getByRole('button', { name: 'Add its objects' }));
    await user.click(within(first).getByRole('button', { name: 'Add the bucket' }));
    expect(shownJson().Statement[0].Resource).toEqual([
      'arn:aws:s3:::photos/*',
      'arn:aws:s3:::drop/in/*',
      'arn:aws:s3:::drop',
    ]);

    await user.click(within(first).getByRole('button', { name: 'Add condition' }));
    await user.type(within(first).getAllByLabelText('Condition key')[0]!, 'aws:SourceIp');
    await user.type(within(first).getByRole('combobox', { name: 'Values' }), '10.0.0.0/8{enter}');
    expect(shownJson().Statement[0].Condition).toEqual({ StringEquals: { 'aws:SourceIp': ['10.0.0.0/8'] } });

    await user.click(within(first).getByRole('button', { name: 'Duplicate statement 1' }));
    expect(shownJson().Statement).toHaveLength(2);
    expect(shownJson().Statement[1]).toEqual(shownJson().Statement[0]);
    await user.click(screen.getByRole('button', { name: 'Remove statement 1' }));
    expect(shownJson().Statement).toHaveLength(1);
  });

  it('the JSON tab and the builder show the same document; edits in either reach the other', async () => {
    const user = setup(READ);
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    const view = await jsonEditor();
    expect(view.state.doc.toString()).toBe(READ);
    const at = READ.indexOf('s3:GetObject');
    act(() =>
      view.dispatch({ changes: { from: at, to: at + 'GetObject'.length + 3, insert: 's3:ListBucket' } }),
    );
    // An object ARN for a bucket action: a warning, drawn inline and listed.
    expect(
      await screen.findByText('"s3:ListBucket" does not apply to any resource of the statement.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Visual' }));
    const first = screen.getByRole('region', { name: 'Statement 1' });
    expect(within(first).getByText('s3:ListBucket')).toBeInTheDocument();
    await user.click(within(first).getByRole('radio', { name: 'Deny' }));
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    expect((await jsonEditor()).state.doc.toString()).toContain('"Effect": "Deny"');
  });

  it('a document the builder cannot show stays whole and editable as JSON', async () => {
    const odd = '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":5}]}';
    const user = setup(odd);
    expect(
      screen.getByText(
        'This document cannot be shown in the visual builder. Edit it as JSON: nothing in it is lost.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Action takes non-empty strings.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    expect((await jsonEditor()).state.doc.toString()).toBe(odd);
    expect(shownText()).toBe(odd);
  });

  it('a bucket policy: Principal in each new statement, S3 actions only, resources in the bucket', async () => {
    const user = setup('{"Version":"2012-10-17","Statement":[]}', { kind: 'bucket', bucket: 'photos' });
    await user.click(screen.getByRole('button', { name: 'Add statement' }));
    const first = screen.getByRole('region', { name: 'Statement 1' });
    expect(shownJson().Statement[0].Principal).toEqual({ AWS: ['*'] });
    await user.type(within(first).getByRole('combobox', { name: 'Actions' }), 'admin:ServerInfo{enter}');
    await user.type(
      within(first).getByRole('combobox', { name: 'Resources' }),
      'arn:aws:s3:::other/*{enter}',
    );
    expect(
      screen.getByText('A bucket policy cannot use "admin:ServerInfo": only S3 actions.'),
    ).toBeInTheDocument();
    expect(screen.getByText('"arn:aws:s3:::other/*" is not in bucket "photos".')).toBeInTheDocument();
  });
});
