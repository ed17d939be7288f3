import type { shortcuts as en } from '../en/shortcuts.js';
import type { Translation } from '../translation.js';

/** Simplified Chinese texts: the keyboard help dialog and the display settings. */
export const shortcuts: Translation<typeof en, 'zh'> = {
  shortcuts: {
    title: '键盘快捷键与显示',
    open: '键盘快捷键',
    chordThen: '然后',
    areas: {
      global: '任意位置',
      navigation: '转到页面',
      tables: '在表格中',
      dialogs: '在对话框中',
    },
    actions: {
      help: '显示此帮助',
      palette: '打开命令面板',
      search: '搜索此页面',
      go: {
        d: '仪表板',
        b: '存储桶',
        u: '用户',
        g: '组',
        p: '策略',
        s: '设置',
        j: '作业',
        t: '租户',
      },
      rows: '上一行或下一行',
      pages: '向上或向下翻一页',
      ends: '第一行或最后一行',
      open: '打开该行',
      select: '选择该行',
      selectRange: '选择到该行',
      next: '下一个字段',
      previous: '上一个字段',
      close: '关闭对话框',
    },
    display: '显示',
    highContrast: '高对比度',
    highContrastHint: '文字和边框全强度显示，链接带下划线，焦点框更宽。',
    reduceMotion: '减少动画',
    reduceMotionHint: '不滑动、不淡入淡出、不旋转。在更改之前跟随系统设置。',
  },
};
