import type { shortcuts as en } from '../en/shortcuts.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the keyboard help dialog and the display settings. */
export const shortcuts: Translation<typeof en, 'ja'> = {
  shortcuts: {
    title: 'キーボードショートカットと表示',
    open: 'キーボードショートカット',
    chordThen: '次に',
    areas: {
      global: 'どこでも',
      navigation: 'ページへ移動',
      tables: 'テーブル内',
      dialogs: 'ダイアログ内',
    },
    actions: {
      help: 'このヘルプを表示',
      palette: 'コマンドパレットを開く',
      search: 'このページを検索',
      go: {
        d: 'ダッシュボード',
        b: 'バケット',
        u: 'ユーザー',
        g: 'グループ',
        p: 'ポリシー',
        s: '設定',
        j: 'ジョブ',
        t: 'テナント',
      },
      rows: '前または次の行',
      pages: '1 ページ分上または下へ',
      ends: '最初または最後の行',
      open: '行を開く',
      select: '行を選択',
      selectRange: 'その行まで選択',
      next: '次のフィールド',
      previous: '前のフィールド',
      close: 'ダイアログを閉じる',
    },
    display: '表示',
    highContrast: 'ハイコントラスト',
    highContrastHint: '文字と枠線を最大の濃さで表示し、リンクに下線、太いフォーカス枠を付けます。',
    reduceMotion: '動きを減らす',
    reduceMotionHint: 'スライド、フェード、回転をしません。変更するまではシステムの設定に従います。',
  },
};
