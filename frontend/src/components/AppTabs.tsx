import { Tabs, type TabsProps } from 'antd';

/**
 * The one tab strip of the app (issue 10: tab strips fit). On a phone the tabs share the width equally and a long
 * label wraps inside its tab (Russian at 390 px), so no tab is cut off and nothing hides behind a "more" menu; wider,
 * they sit side by side as usual. The tablist holds tabs only (what screen readers expect): put a Refresh button
 * beside the strip, not in it, so `tabBarExtraContent` is not offered.
 */
export function AppTabs({ className, ...props }: Omit<TabsProps, 'tabBarExtraContent' | 'more'>) {
  return <Tabs {...props} className={`app-tabs${className ? ` ${className}` : ''}`} />;
}
