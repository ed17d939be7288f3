import type { tools as en } from '../en/tools.js';
import type { Translation } from '../translation.js';

/** Simplified Chinese texts: the tools area. */
export const tools: Translation<typeof en, 'zh'> = {
  live: {
    status: {
      idle: '未开始',
      connecting: '正在连接',
      open: '实时',
      reconnecting: '正在重连',
      ended: '已停止',
      failed: '因错误而停止',
    },
    reconnecting: '连接已断开；正在重连（第 {{attempt}} 次尝试）…',
    refused: '控制台拒绝了该数据流：{{reason}}',
    failedReason: '服务器结束了该数据流：{{reason}}',
    lost: '与控制台的连接已断开（代码 {{code}}）。请检查网络或控制台前面的代理，然后重新开始。',
    noReason: '未给出原因',
    received: '已接收 {{count}} 条',
    dropped: '为限制内存，已丢弃最早的 {{count}} 条',
    pending: '暂停期间新增 {{count}} 条',
    pause: '暂停',
    resume: '继续',
    clear: '清除',
  },
};
