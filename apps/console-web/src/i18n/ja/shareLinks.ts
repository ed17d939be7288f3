import type { shareLinks as en } from '../en/shareLinks.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the shareLinks area. */
export const shareLinks: Translation<typeof en, 'ja'> = {
  shareLinks: {
    intro:
      'このコンソールで作成されたすべてのダウンロードリンクとアップロードリンク。リンクを取り消すと、その背後のアクセスキーが削除され、リンクはすぐに使えなくなります。',
    introAll: 'すべてのユーザーのリンクが表示されています。',
    table: '共有リンク',
    empty:
      '共有リンクはまだありません。オブジェクトブラウザーでファイルを共有するか、ドロップリンクを作成してください。',
    kind: '種類',
    kinds: { download: 'ダウンロード', drop: 'アップロード（ドロップ）' },
    target: 'オブジェクトまたはフォルダー',
    creator: '作成者',
    created: '作成日時',
    expires: '有効期限',
    downloads: 'ダウンロード数',
    downloadsOf: '{{limit}} 回中 {{count}} 回',
    sizeLimit: '1 ファイルあたり最大 {{size}}',
    state: '状態',
    states: { active: '有効', revoked: '取り消し済み', expired: '期限切れ', exhausted: '上限到達' },
    copy: '{{target}} のリンクをコピー',
    copied: 'リンクをクリップボードにコピーしました',
    revoke: '{{target}} のリンクを取り消す',
    revokeTitle: '共有リンクを取り消す',
    revokeMessage: '{{target}} のリンクを取り消しますか？リンクを持つ人はすぐにアクセスできなくなります。',
    revokeConfirm: '取り消す',
    revoked: 'リンクを取り消しました',
    previous: '前のページ',
    next: '次のページ',
    pageOf: '{{total}} 件中 {{from}}–{{to}}',
  },
  dropLinks: {
    create: 'ドロップリンクを作成',
    title: 'ドロップリンクを作成',
    explain:
      'リンクを持つ人は、有効期限まではアカウントなしで {{target}} にファイルをアップロードできます。閲覧、ダウンロード、削除はできません。',
    sizeLimit: '最大ファイルサイズ（MiB）',
    expiresIn: '有効期間',
    expiries: { '3600': '1 時間', '86400': '1 日', '259200': '3 日', '604800': '7 日' },
    submit: 'リンクを作成',
    link: 'ドロップリンク',
    recorded: 'このリンクは「共有リンク」に表示され、そこで取り消せます。',
  },
  shareLimit: {
    downloadLimit: 'ダウンロード回数の上限（任意）',
    downloadLimitHint:
      '空欄にすると無制限です。上限付きのリンクはこのコンソールを経由し、ダウンロード回数が数えられます。',
    recorded: 'このリンクは「共有リンク」に記録され、そこで取り消せます。',
  },
  drop: {
    title: 'ファイルをアップロード',
    intro: 'ここでアップロードしたファイルは {{target}} に保存されます。',
    limits: '1 ファイルあたり最大 {{size}}。このリンクは {{date}} まで有効です。',
    choose: 'ファイルを選択',
    upload: 'アップロード',
    uploading: '{{name}} をアップロード中…',
    uploaded: '{{name}} をアップロードしました。',
    tooLarge: '{{name}} はこのリンクで許可されたサイズ（{{size}}）を超えています。',
    failed: '{{name}} をアップロードできませんでした: {{reason}}',
    unavailable: 'このリンクは使用できません',
  },
};
