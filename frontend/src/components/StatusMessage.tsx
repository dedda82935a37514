import { CheckCircleFilled, ExclamationCircleFilled, InfoCircleFilled, MailOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS = {
  success: <CheckCircleFilled style={{ color: '#16a34a' }} />,
  warning: <ExclamationCircleFilled style={{ color: '#d97706' }} />,
  info: <InfoCircleFilled style={{ color: '#1f6feb' }} />,
  mail: <MailOutlined style={{ color: '#1f6feb' }} />,
} as const;

/** A centred result: icon, title, text and an action (a light stand-in for antd's Result and its illustrations). */
export function StatusMessage({ kind, title, text, extra }: { kind: keyof typeof ICONS; title: string; text?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="status-message">
      <div className="status-message-icon">{ICONS[kind]}</div>
      <h2 className="status-message-title">{title}</h2>
      {text && <p className="status-message-text">{text}</p>}
      {extra && <div className="status-message-extra">{extra}</div>}
    </div>
  );
}
