import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import { useEffect, useState } from 'react';

/** How long typing rests before a list's search is sent to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A server-paged list's search box: what is typed goes to `onSearch`, trimmed, once typing rests (SEARCH_DEBOUNCE_MS)
 * or at Enter. `label` is both the placeholder and the accessible name.
 */
export function ListSearch({ label, onSearch, size }: { label: string; onSearch: (text: string) => void; size?: SizeType }) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, onSearch]);
  return (
    <Input
      className="admin-search"
      size={size}
      allowClear
      prefix={<SearchOutlined />}
      placeholder={label}
      aria-label={label}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onPressEnter={() => onSearch(typed.trim())}
    />
  );
}
