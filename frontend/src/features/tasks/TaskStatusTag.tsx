import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TWorkerDisplayStatus } from './taskStatus';

const COLORS: Record<TWorkerDisplayStatus, string> = {
  available: 'blue',
  pending: 'gold',
  assigned: 'cyan',
  in_progress: 'geekblue',
  submitted: 'purple',
  completed: 'green',
  rejected: 'volcano',
  cancelled: 'default',
  returned: 'default',
};

/** A task or assignment status with its label (spec 02 s.2; 'rejected' reads Needs Revision). */
export function TaskStatusTag({ status }: { status: TWorkerDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="task-status" style={{ marginInlineEnd: 0 }}>
      {t(`work.status.${status}`)}
    </Tag>
  );
}
