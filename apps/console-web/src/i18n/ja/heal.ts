import type { heal as en } from '../en/heal.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the heal area. */
export const heal: Translation<typeof en, 'ja'> = {
  heal: {
    bucket: 'バケット',
    selectBucket: 'バケットを選択',
    prefix: 'プレフィックス',
    recursive: '再帰的',
    forceStart: '強制開始',
    forceStop: '強制停止',
    start: '開始',
    chartTitle: '項目のヘルス状態 [%]',
    before: 'ヒール前',
    after: 'ヒール後',
    colours: { Green: '緑', Yellow: '黄', Red: '赤', Grey: '灰' },
    bar: '{{colour}} {{when}}: {{percent}}%',
    sizeScanned: 'スキャンしたサイズ',
    objectsHealed: 'ヒール済みオブジェクト',
    healedOfScanned: '{{healed}} / {{scanned}}',
    healingTime: 'ヒール時間',
    seconds: '{{seconds}} 秒',
    summary: 'ステータス: {{summary}}',
    notDistributed: 'ヒールには分散（イレイジャーコーディング）構成が必要です。',
  },
};
