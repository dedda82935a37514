import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import { useEffect, useRef, useState } from 'react';

/** How long typing rests before a list's search is sent to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A server-paged list's search box: what is typed goes to `onSearch`, trimmed, once typing rests (SEARCH_DEBOUNCE_MS)
 * or at Enter. `label` is both the placeholder and the accessible name. `onSearch` is called only when the text
 * differs from the one sent last: never on mount, never because the page made a new callback, so a list that starts
 * again from its first page on a new search is not sent back there while the admin pages through it. `initialValue`:
 * the search the list already applies (a list that keeps it in its address), shown in the box and not sent again.
 */
export function ListSearch({ label, onSearch, size, initialValue = '' }: { label: string; onSearch: (text: string) => void; size?: SizeType; initialValue?: string }) {
  const [typed, setTyped] = useState(initialValue);
  const sent = useRef(initialValue.trim());
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  const send = (text: string) => {
    if (text === sent.current) return;
    sent.current = text;
    latest.current(text);
  };
  useEffect(() => {
    const text = typed.trim();
    if (text === sent.current) return undefined;
    const timer = setTimeout(() => send(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // send reads refs only.
  }, [typed]);
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
      onPressEnter={() => send(typed.trim())}
    />
  );
}
