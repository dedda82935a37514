import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsersQuery } from '../../../features/account/account.admin.api';
import { useAuditLogQuery } from '../../../features/audit/audit.admin.api';
import { AUDIT_PAGE_SIZE, type TAuditLogFilters } from '../../../features/audit/auditLogQuery';
import { AuditFilters } from './components/AuditFilters';
import { AuditTable } from './components/AuditTable';
import './audit-log.css';

/** The admins (the list is paged: ask for them, up to 100). */
const ADMINS_QUERY = { role: 'admin', pageSize: 100 } as const;

/** Admin > Audit Log (spec 03, AMENDED): every admin action on a user, money or a decision; filtered and paged on the server. */
export function AuditLogSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TAuditLogFilters>({});
  const [page, setPage] = useState(1);
  const [oldestFirst, setOldestFirst] = useState(false);
  const { data, isLoading, isFetching, isError, refetch } = useAuditLogQuery({ ...filters, page, pageSize: AUDIT_PAGE_SIZE, ...(oldestFirst ? { sort: 'createdAt.asc' } : {}) });
  const { data: users } = useAdminUsersQuery(ADMINS_QUERY);
  const admins = (users?.items ?? []).filter((user) => user.role === 'admin');

  return (
    <div className="admin-section" data-testid="audit-log-section">
      <div className="audit-toolbar">
        <AuditFilters
          filters={filters}
          admins={admins}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
          {t('common.refresh')}
        </Button>
      </div>
      {isError && <Alert type="error" showIcon title={t('admin.audit.loadFailed')} />}
      <AuditTable
        items={data?.items ?? []}
        loading={isFetching}
        page={page}
        pageSize={data?.pageSize ?? AUDIT_PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
        oldestFirst={oldestFirst}
        onSort={(next) => {
          setOldestFirst(next);
          setPage(1);
        }}
      />
    </div>
  );
}
