import type { tools as en } from '../en/tools.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the tools area. */
export const tools: Translation<typeof en, 'ja'> = {
  live: {
    status: {
      idle: '未開始',
      connecting: '接続中',
      open: 'ライブ',
      reconnecting: '再接続中',
      ended: '停止',
      failed: 'エラーで停止',
    },
    reconnecting: '接続が切れました。再接続しています（{{attempt}} 回目）…',
    refused: 'コンソールがストリームを拒否しました: {{reason}}',
    failedReason: 'サーバーがストリームを終了しました: {{reason}}',
    lost: 'コンソールとの接続が切れました（コード {{code}}）。ネットワークまたはコンソール前段のプロキシを確認してから、もう一度開始してください。',
    noReason: '理由は示されていません',
    received: '{{count}} 件受信',
    dropped: 'メモリを抑えるため古い {{count}} 件を破棄しました',
    pending: '一時停止中に {{count}} 件の新着',
    pause: '一時停止',
    resume: '再開',
    clear: 'クリア',
  },
};
