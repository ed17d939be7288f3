import type { heal as en } from '../en/heal.js';
import type { Translation } from '../translation.js';

/** Simplified Chinese texts: the heal area. */
export const heal: Translation<typeof en, 'zh'> = {
  heal: {
    bucket: '存储桶',
    selectBucket: '选择存储桶',
    prefix: '前缀',
    recursive: '递归',
    forceStart: '强制开始',
    forceStop: '强制停止',
    start: '开始',
    chartTitle: '项目健康状态 [%]',
    before: '修复前',
    after: '修复后',
    colours: { Green: '绿色', Yellow: '黄色', Red: '红色', Grey: '灰色' },
    bar: '{{colour}} {{when}}：{{percent}}%',
    sizeScanned: '已扫描大小',
    objectsHealed: '已修复对象',
    healedOfScanned: '{{healed}} / {{scanned}}',
    healingTime: '修复时间',
    seconds: '{{seconds}} 秒',
    summary: '状态：{{summary}}',
    notDistributed: '修复需要分布式（纠删码）部署。',
  },
};
