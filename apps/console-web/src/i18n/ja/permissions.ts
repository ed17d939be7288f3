import type { permissions as en } from '../en/permissions.js';
import type { Translation } from '../translation.js';

/** Japanese texts: the permissions area. */
export const permissions: Translation<typeof en, 'ja'> = {
  permissions: {
    missing: '{{action}} の権限が必要です',
    operator: {
      readOnly: 'このトークンは読み取り専用のため、{{right}}ことはできません',
      missing: 'このトークンでは{{right}}ことはできません',
      rights: {
        createTenant: 'テナントを作成する',
        updateTenant: 'テナントを変更する',
        deleteTenant: 'テナントを削除する',
        createNamespace: 'Namespace を作成する',
        deletePod: 'Pod を削除する',
        formatDrives: 'ドライブをフォーマットする',
      },
    },
  },
};
