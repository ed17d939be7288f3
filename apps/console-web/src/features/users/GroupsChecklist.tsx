import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { useGroupsQuery } from '../groups/queries.js';

/** The user dialogs' Groups field: every group, ticked for the user's memberships. */
export function GroupsChecklist({
  value,
  onChange,
}: {
  value: string[];
  onChange: (groups: string[]) => void;
}) {
  const { t } = useTranslation();
  const groupList = useGroupsQuery();
  return (
    <Checklist
      label={t('users.groups')}
      options={groupList.data?.groups ?? []}
      value={value}
      onChange={onChange}
      empty={t('users.noGroups')}
    />
  );
}
