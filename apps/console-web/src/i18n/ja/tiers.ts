import type { tiers as en } from '../en/tiers.js';
import type { Translation } from '../translation.js';

/** Japanese texts of Settings → Tiers. */
export const tiers: Translation<typeof en, 'ja'> = {
  tiers: {
    title: '階層',
    search: '階層を絞り込み',
    refresh: '更新',
    add: '階層を追加',
    empty: '階層はまだありません',
    noMatch: 'フィルターに一致する階層はありません',
    columns: {
      name: '階層名',
      type: '種類',
      endpoint: 'エンドポイント',
      bucket: 'バケット',
      prefix: 'プレフィックス',
      region: 'リージョン',
      objects: 'オブジェクト',
      versions: 'バージョン',
      usage: '使用量',
    },
    types: { minio: 'MinIO', gcs: 'GCS', s3: 'S3', azure: 'Azure' },
    providers: { minio: 'MinIO', gcs: 'Google Cloud Storage', s3: 'Amazon S3', azure: 'Microsoft Azure' },
    backToTiers: '階層に戻る',
    backToTypes: '階層タイプの選択に戻る',
    chooseType: '階層タイプを選択',
    typeChoice: '階層タイプ',
    addConfiguration: '階層の構成を追加',
    save: '保存',
    fields: {
      name: '名前',
      endpoint: 'エンドポイント',
      accesskey: 'アクセスキー',
      secretkey: 'シークレットキー',
      accountname: 'アカウント名',
      accountkey: 'アカウントキー',
      creds: '認証情報',
      bucket: 'バケット',
      prefix: 'プレフィックス',
      region: 'リージョン',
      storageclass: 'ストレージクラス',
    },
    credsHint: 'サービスアカウントのキーファイル（.json）',
    credsPlaceholder: '.json ファイルを選択',
    credsUnreadable: 'ファイルを読み取れませんでした',
    problems: {
      pattern:
        '文字列が大文字のみで、有効な文字（数字、ハイフン、アンダースコア）だけを含むことを確認してください。',
    },
    edit: '{{tier}} の認証情報を更新',
    updateCredentials: '認証情報を更新',
    noTierName: '階層情報の取得中にエラーが発生しました。',
    credentials: {
      access_key: 'アクセスキー',
      secret_key: 'シークレットキー',
      account_name: 'アカウント名',
      account_key: 'アカウントキー',
      creds: '認証情報',
    },
  },
};
