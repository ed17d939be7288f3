import type { diagnostic as en } from '../en/diagnostic.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the diagnostic area. */
export const diagnostic: Translation<typeof en, 'ja'> = {
  diagnostic: {
    start: '診断を開始',
    download: 'ダウンロード',
    inProgress: '診断中',
    started: '診断を開始しました。診断中はページを更新しないでください。',
    ready: '診断ファイルのダウンロード準備ができました。',
    failed: '診断ファイルの取得中にエラーが発生しました。',
    intro:
      'MinIO ツールが読み取るサーバーのヘルスレポート（ハードウェア、OS、シークレットを除いた構成、ドライブとネットワークのチェック）を収集します。',
  },
};
