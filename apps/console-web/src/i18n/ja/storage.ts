import type { storage as en } from '../en/storage.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the storage area. */
export const storage: Translation<typeof en, 'ja'> = {
  storage: {
    tabs: 'ストレージのセクション',
    volumes: {
      name: '名前',
      namespace: 'Namespace',
      status: 'ステータス',
      tenant: 'テナント',
      capacity: '容量',
      storageClass: 'ストレージクラス',
      search: 'ボリューム（PVC）を検索',
      empty: 'ボリュームはまだありません',
      noMatch: '検索に一致するボリュームはありません',
      view: 'テナント {{namespace}}/{{tenant}} を表示',
    },
    drives: {
      drive: 'ドライブ',
      capacity: '容量',
      allocated: '割り当て済み',
      volumes: 'ボリューム',
      node: 'ノード',
      status: 'ステータス',
      search: 'ドライブを検索',
      refresh: '更新',
      empty: 'ドライブはありません',
      noMatch: '検索に一致するドライブはありません',
      select: '{{node}} の {{drive}} を選択',
      selectAll: 'すべてのドライブを選択',
      formatSelected: '選択したドライブをフォーマット',
      formatAll: 'すべてのドライブをフォーマット',
      format: '{{node}} の {{drive}} をフォーマット',
      notInstalledTitle: 'Direct CSI は利用できません',
      notInstalled:
        'ローカル接続のドライブを管理するには、クラスターに Direct CSI ドライバーをインストールする必要があります。',
      notInstalledDetail: 'ドライブを一覧表示できませんでした: {{message}}',
    },
    format: {
      title: 'ドライブをフォーマット',
      titleOne: 'ドライブをフォーマット',
      message:
        '{{count}} 台のドライブをフォーマットしてもよろしいですか？含まれているすべての情報が消去され、復元できません。',
      drives: 'フォーマットするドライブ',
      force: '強制フォーマット',
      forceHint: 'ファイルシステムがある、またはドライバーが所有するドライブもフォーマットする',
      confirmText: 'はい、続行します',
      typeToConfirm: '続行するには、ボックスに {{text}} と入力してください。',
      confirmInput: '確認',
      submit: 'フォーマット',
      done: '{{count}} 台のドライブのフォーマットを開始しました',
    },
    formatErrors: {
      title: 'フォーマットエラー',
      message:
        '選択した CSI ドライブのフォーマット中に問題が発生しました。問題を修正してからもう一度お試しください。',
      node: 'ノード',
      drive: 'ドライブ',
      error: 'メッセージ',
      download: 'ダウンロード',
      close: '閉じる',
    },
  },
};
