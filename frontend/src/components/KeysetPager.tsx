import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where a client is in a list paged by cursor (packages/contracts paging.ts): the cursors of the pages opened so far,
 * so "Previous" goes back to the cursor before and "Next" follows the page's nextCursor.
 */
export function useKeysetPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const next = useCallback((cursor: string) => setCursors((all) => [...all, cursor]), []);
  const previous = useCallback(() => setCursors((all) => (all.length > 1 ? all.slice(0, -1) : all)), []);
  const reset = useCallback(() => setCursors([undefined]), []);
  return { cursor: cursors[cursors.length - 1], page: cursors.length, next, previous, reset };
}

/** Previous and Next under a cursor-paged table; hidden when there is only one page. */
export function KeysetPager({ pages, nextCursor, testId }: { pages: ReturnType<typeof useKeysetPages>; nextCursor: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (pages.page === 1 && !nextCursor) return null;
  return (
    <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }} data-testid={testId}>
      <Button icon={<LeftOutlined />} disabled={pages.page === 1} onClick={pages.previous}>
        {t('common.previousPage')}
      </Button>
      <Button disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        {t('common.nextPage')} <RightOutlined />
      </Button>
    </Space>
  );
}
