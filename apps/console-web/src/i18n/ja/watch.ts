import type { watch as en } from '../en/watch.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the watch area. */
export const watch: Translation<typeof en, 'ja'> = {
  watch: {
    bucket: 'バケット',
    selectBucket: 'バケットを選択',
    prefix: 'プレフィックス',
    suffix: 'サフィックス',
    start: '開始',
    stop: '停止',
    table: 'バケットイベント',
    columns: { time: '時刻', size: 'サイズ', type: '種類', path: 'パス' },
    empty: '現在変更はありません',
  },
};
