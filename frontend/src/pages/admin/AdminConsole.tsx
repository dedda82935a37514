import {
  AppstoreOutlined,
  ArrowLeftOutlined,
  AuditOutlined,
  BellOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LinkOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, Result, Spin, Tooltip, Typography, type MenuProps } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useSignOut } from '../../features/session/useSignOut';
import { ADMIN_ROUTES, prefetchAdminSection } from './adminRoutes';
import { ADMIN_MENU, DEFAULT_ADMIN_SECTION, isAdminSection, resolveSection, type TAdminMenuEntry, type TAdminSection } from './adminSections';

const ICONS: Record<TAdminMenuEntry['key'], ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <TeamOutlined />,
  'users-list': null,
  'task-requests': null,
  submissions: null,
  appeals: null,
  verifications: null,
  tasks: <ProfileOutlined />,
  'task-packages': <AppstoreOutlined />,
  withdrawals: <WalletOutlined />,
  'awards-management': <TrophyOutlined />,
  chat: <CommentOutlined />,
  'chat-management': null,
  'chat-monitor': null,
  'chat-moderation': null,
  crm: <CustomerServiceOutlined />,
  referrals: <LinkOutlined />,
  'company-news': <BellOutlined />,
  documents: <FileTextOutlined />,
  settings: <SettingOutlined />,
  'email-templates': <MailOutlined />,
  'audit-log': <AuditOutlined />,
};

function NotAvailable({ title }: { title: string }) {
  const { t } = useTranslation();
  return <Result icon={<ToolOutlined style={{ color: '#8c8c8c' }} />} title={title} subTitle={t('admin.notAvailable')} extra={<Typography.Text type="secondary">{t('admin.notAvailableHint')}</Typography.Text>} />;
}

/** Below this width the side menu is a rail of icons (antd's `xl` breakpoint): the page keeps its width. */
export const ADMIN_MENU_COLLAPSE_BELOW_PX = 1200;
const RAIL_WIDTH = 64;

/**
 * The admin console (a lazily loaded chunk): the side menu of spec 03 s.2 and the section from /admin/{section}.
 * The console fits every width (issue 10): under 1200 px the menu folds to a rail of icons beside the page, never
 * over it; the Menu button in the header opens or folds it; the menu scrolls between the brand and its footer.
 */
/** A menu entry pointed at: its section's chunk starts loading before the click. */
const prefetchOnHover = ({ key }: { key: string }) => prefetchAdminSection(key);

export default function AdminConsole() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const params = useParams();
  const [collapsed, setCollapsed] = useState(() => typeof window !== 'undefined' && window.innerWidth < ADMIN_MENU_COLLAPSE_BELOW_PX);
  const requested = (params['*'] ?? '').split('/')[0] || undefined;

  if (requested !== undefined && !isAdminSection(requested)) return <Navigate to={`/admin/${DEFAULT_ADMIN_SECTION}`} replace />;
  const section: TAdminSection = resolveSection(requested ?? DEFAULT_ADMIN_SECTION);
  const Section = ADMIN_ROUTES[section];

  const label = (key: TAdminMenuEntry['key']) => t(`admin.menu.${key}`);
  const items: MenuProps['items'] = ADMIN_MENU.map((entry) =>
    entry.children
      ? {
          key: entry.key,
          icon: ICONS[entry.key],
          label: label(entry.key),
          children: entry.children.map((child) => ({ key: child, label: label(child), onMouseEnter: prefetchOnHover })),
        }
      : { key: entry.key, icon: ICONS[entry.key], label: label(entry.key), onMouseEnter: prefetchOnHover },
  );
  const openGroup = ADMIN_MENU.find((entry) => entry.children?.includes(section))?.key;

  return (
    <Layout className="admin-shell">
      <Layout.Sider
        theme="light"
        width={248}
        breakpoint="xl"
        collapsedWidth={RAIL_WIDTH}
        collapsed={collapsed}
        onBreakpoint={(narrow) => setCollapsed(narrow)}
        trigger={null}
        className="admin-sider"
        id="admin-menu"
      >
        <div className="admin-brand">
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          {!collapsed && <span>{t('admin.title')}</span>}
        </div>
        <Menu
          mode="inline"
          selectedKeys={[section]}
          defaultOpenKeys={openGroup ? [openGroup] : []}
          items={items}
          onClick={({ key }) => {
            navigate(`/admin/${key}`);
            // Opened by hand on a narrow screen: fold it again once a section is chosen.
            if (window.innerWidth < ADMIN_MENU_COLLAPSE_BELOW_PX) setCollapsed(true);
          }}
        />
        <div className="admin-sider-footer">
          <Tooltip title={collapsed ? t('admin.backToApp') : undefined} placement="right">
            <Button block icon={<ArrowLeftOutlined />} onClick={() => navigate('/')} aria-label={collapsed ? t('admin.backToApp') : undefined}>
              {!collapsed && t('admin.backToApp')}
            </Button>
          </Tooltip>
          <Tooltip title={collapsed ? t('admin.logout') : undefined} placement="right">
            <Button block danger icon={<LogoutOutlined />} onClick={() => void signOut()} aria-label={collapsed ? t('admin.logout') : undefined}>
              {!collapsed && t('admin.logout')}
            </Button>
          </Tooltip>
        </div>
      </Layout.Sider>
      <Layout className="admin-main">
        <Layout.Header className="admin-header">
          <Button
            type="text"
            className="admin-menu-toggle"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={t('admin.openMenu')}
            aria-expanded={!collapsed}
            aria-controls="admin-menu"
            onClick={() => setCollapsed((value) => !value)}
          />
          <Typography.Title level={1} className="admin-page-title">
            {label(section)}
          </Typography.Title>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <Suspense fallback={<Spin className="admin-section-loading" aria-label={t('common.loading')} />}>{Section ? <Section /> : <NotAvailable title={label(section)} />}</Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
