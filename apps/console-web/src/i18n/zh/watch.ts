import type { watch as en } from '../en/watch.js';
import type { Translation } from '../translation.js';

/** Simplified Chinese texts: the watch area. */
export const watch: Translation<typeof en, 'zh'> = {
  watch: {
    bucket: '存储桶',
    selectBucket: '选择存储桶',
    prefix: '前缀',
    suffix: '后缀',
    start: '开始',
    stop: '停止',
    table: '存储桶事件',
    columns: { time: '时间', size: '大小', type: '类型', path: '路径' },
    empty: '目前没有变更',
  },
};
