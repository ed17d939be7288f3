import type { diagnostic as en } from '../en/diagnostic.js';
import type { Translation } from '../translation.js';

/** Simplified Chinese texts: the diagnostic area. */
export const diagnostic: Translation<typeof en, 'zh'> = {
  diagnostic: {
    start: '开始诊断',
    download: '下载',
    inProgress: '诊断进行中',
    started: '诊断已开始。诊断期间请勿刷新页面。',
    ready: '诊断文件已可下载。',
    failed: '获取诊断文件时出错。',
    intro: '收集服务器的健康报告（硬件、操作系统、已移除机密的配置、驱动器和网络检查），供 MinIO 工具读取。',
  },
};
