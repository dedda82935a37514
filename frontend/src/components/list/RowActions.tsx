import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TRowAction {
  key: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
  testId?: string;
}

/**
 * A table row's actions as Ant Design Pro draws them: the first `inline` as links, the rest under "More" (a menu
 * that opens by keyboard as well). Narrow enough that the pinned Actions column never covers the row's content.
 */
export function RowActions({ actions, inline = 2 }: { actions: readonly (TRowAction | false | null | undefined)[]; inline?: number }) {
  const { t } = useTranslation();
  const shown = actions.filter((action): action is TRowAction => Boolean(action));
  // "More" with a single entry would hide one link behind a second click: show it instead.
  const cut = shown.length === inline + 1 ? shown.length : inline;
  const links = shown.slice(0, cut);
  const more = shown.slice(cut);
  return (
    <Space size={4} className="row-actions">
      {links.map((action) => (
        <Button key={action.key} type="link" size="small" danger={action.danger} onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((action) => ({ key: action.key, label: <span data-testid={action.testId}>{action.label}</span>, danger: action.danger })),
            onClick: ({ key }) => more.find((action) => action.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small" aria-haspopup="menu">
            {t('common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
