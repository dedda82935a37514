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
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, Result, Typography, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useSignOut } from '../../features/session/useSignOut';
import { DATA_SECTIONS } from './dataSections';
import { CHAT_SECTIONS } from './chatSections';
import { MAIL_SECTIONS } from './mailSections';
import { ADMIN_MENU, DEFAULT_ADMIN_SECTION, isAdminSection, resolveSection, type TAdminMenuEntry, type TAdminSection } from './adminSections';
import AdminWithdrawalsSection from './withdrawals';
import { WORK_SECTIONS } from './workSections';

const ICONS: Record<TAdminMenuEntry['key'], ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <TeamOutlined />,
  'users-list': null,
  'task-requests': null,
  submissions: null,
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

/** The admin console (a lazily loaded chunk): the side menu of spec 03 s.2 and the section from /admin/{section}. */
export default function AdminConsole() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const params = useParams();
  const [collapsed, setCollapsed] = useState(false);
  const requested = (params['*'] ?? '').split('/')[0] || undefined;

  if (requested !== undefined && !isAdminSection(requested)) return <Navigate to={`/admin/${DEFAULT_ADMIN_SECTION}`} replace />;
  const section: TAdminSection = resolveSection(requested ?? DEFAULT_ADMIN_SECTION);
  const Section = WORK_SECTIONS[section] ?? DATA_SECTIONS[section] ?? MAIL_SECTIONS[section] ?? CHAT_SECTIONS[section];

  const label = (key: TAdminMenuEntry['key']) => t(`admin.menu.${key}`);
  const items: MenuProps['items'] = ADMIN_MENU.map((entry) =>
    entry.children
      ? { key: entry.key, icon: ICONS[entry.key], label: label(entry.key), children: entry.children.map((child) => ({ key: child, label: label(child) })) }
      : { key: entry.key, icon: ICONS[entry.key], label: label(entry.key) },
  );
  const openGroup = ADMIN_MENU.find((entry) => entry.children?.includes(section))?.key;

  return (
    <Layout className="admin-shell">
      <Layout.Sider
        theme="light"
        width={248}
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={(value) => setCollapsed(value)}
        className="admin-sider"
      >
        <div className="admin-brand">
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          <span>{t('admin.title')}</span>
        </div>
        <Menu
          mode="inline"
          selectedKeys={[section]}
          defaultOpenKeys={openGroup ? [openGroup] : []}
          items={items}
          onClick={({ key }) => {
            navigate(`/admin/${key}`);
            if (window.matchMedia('(max-width: 991px)').matches) setCollapsed(true);
          }}
        />
        <div className="admin-sider-footer">
          <Button block icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
            {t('admin.backToApp')}
          </Button>
          <Button block danger icon={<LogoutOutlined />} onClick={() => void signOut()}>
            {t('admin.logout')}
          </Button>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {label(section)}
          </Typography.Title>
        </Layout.Header>
        <Layout.Content className="admin-content">
          {section === 'withdrawals' ? <AdminWithdrawalsSection /> : Section ? <Section /> : <NotAvailable title={label(section)} />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
