import type { TLandingContent, TLandingPage } from '@platform/contracts';
import { Button, Checkbox, Empty, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../../app/errorMessage';
import { FormDialog } from '../../../../components/dialogs/FormDialog';
import { useFormServerErrors } from '../../../../components/forms/useFormServerErrors';
import { useKeysetPages } from '../../../../components/KeysetPager';
import { ListPage } from '../../../../components/list/ListPage';
import { ActiveFilter } from '../../../../components/list/filters';
import { ListSearch } from '../../../../components/ListSearch';
import { useToast } from '../../../../components/toast';
import {
  REFERRAL_SEARCH_MIN_LENGTH,
  useCreateLandingPageMutation,
  useLandingPagesQuery,
  useUpdateLandingPageMutation,
} from '../../../../features/referral/referral.admin.api';
import { LandingCopy } from '../../../public/LandingPage';
import { toLandingTemplate } from '../../../public/landingTemplates';

interface TPageFormValues {
  displayName: string;
  description: string;
  isActive: boolean;
  title: string;
  intro: string;
  work: string;
  payment: string;
}

const COPY_KEYS = ['title', 'intro', 'work', 'payment'] as const;

function contentOf(values: Partial<TPageFormValues>): TLandingContent {
  const content: TLandingContent = {};
  for (const key of COPY_KEYS) {
    const value = values[key]?.trim();
    if (value) content[key] = value;
  }
  return content;
}

/** The preview shows what a visitor will read: the server keeps the copy as plain text, markup removed. */
function previewOf(content: TLandingContent): TLandingContent {
  const result: TLandingContent = {};
  for (const key of COPY_KEYS) {
    const text = content[key]?.replace(/<[^>]*>?/g, '').trim();
    if (text) result[key] = text;
  }
  return result;
}

function NewPageDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (page: TLandingPage) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; displayName: string }>();
  const [createPage] = useCreateLandingPageMutation();
  const required = t('referrals.admin.toasts.required');
  const save = async (values: { name: string; displayName: string }) => {
    const page = await createPage({ name: values.name.trim(), displayName: values.displayName.trim() }).unwrap();
    form.resetFields();
    onCreated(page);
  };
  return (
    <FormDialog<{ name: string; displayName: string }, 'name' | 'displayName'>
      open={open}
      title={t('referrals.admin.pages.createTitle')}
      form={form}
      fields={['name', 'displayName']}
      onSubmit={save}
      savedTitle={t('referrals.admin.toasts.pageCreated')}
      failedTitle={t('referrals.admin.toasts.pageFailed')}
      toastKey="landing.create"
      onClose={onClose}
    >
      <Form.Item name="name" label={t('referrals.admin.pages.name')} rules={[{ required: true, whitespace: true, message: required }]}>
        <Input maxLength={60} placeholder="summer-promo" />
      </Form.Item>
      <Form.Item name="displayName" label={t('referrals.admin.pages.displayName')} rules={[{ required: true, whitespace: true, message: required }]}>
        <Input maxLength={100} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * The landing pages: the list (paged on the server, 20 a page, oldest first, with the name search and the active
 * filter) and, under it, the editor of the chosen page: its copy on the left, a live preview as a visitor sees it.
 */
export function LandingPagesEditor() {
  const { t } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'true' | 'false' | undefined>(undefined);
  const listPages = useKeysetPages();
  const query = useLandingPagesQuery({
    search: search.length >= REFERRAL_SEARCH_MIN_LENGTH ? search : undefined,
    active,
    cursor: listPages.cursor,
  });
  const { reset } = listPages;
  useEffect(() => reset(), [search, active, reset]);
  const rows = query.data?.items ?? [];
  // The page being edited: chosen in the list (or just created or saved); the first listed one until then.
  const [chosen, setChosen] = useState<TLandingPage | null>(null);
  const [creating, setCreating] = useState(false);
  const selected = (chosen && (rows.find((page) => page.id === chosen.id) ?? chosen)) ?? rows[0] ?? null;
  const [form] = Form.useForm<TPageFormValues>();
  const serverErrors = useFormServerErrors(form, ['displayName', 'description', 'isActive', 'title', 'intro', 'work', 'payment']);
  const [updatePage, state] = useUpdateLandingPageMutation();
  const watched = Form.useWatch([], form) as Partial<TPageFormValues> | undefined;

  // The form is filled when another page is chosen or the page was saved, not when the list is read again (a new
  // object for the same page would throw away what the admin is typing).
  const selectedVersion = selected ? `${selected.id}@${selected.updatedAt}` : null;
  useEffect(() => {
    if (!selected) return;
    form.setFieldsValue({
      displayName: selected.displayName,
      description: selected.description ?? '',
      isActive: selected.isActive,
      title: selected.content.title ?? '',
      intro: selected.content.intro ?? '',
      work: selected.content.work ?? '',
      payment: selected.content.payment ?? '',
    });
    // selectedVersion names the page and its saved state; selected itself is a new object on every list read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedVersion, form]);

  const columns: TableColumnsType<TLandingPage> = [
    {
      title: t('referrals.admin.pages.columns.page'),
      key: 'page',
      render: (_: unknown, page) => (
        <Button type="link" className="admin-link-cell" onClick={() => setChosen(page)} aria-current={page.id === selected?.id ? 'true' : undefined}>
          {`${page.displayName} (${page.name})`}
        </Button>
      ),
    },
    { title: t('referrals.admin.pages.columns.description'), dataIndex: 'description', ellipsis: true, render: (text: string | null) => text ?? '' },
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      width: 120,
      render: (isActive: boolean) => <Tag color={isActive ? 'green' : 'default'}>{t(isActive ? 'referrals.admin.active' : 'referrals.admin.inactive')}</Tag>,
    },
  ];

  const list = (
    <section className="landing-pages-list" aria-label={t('referrals.admin.pages.listTitle')}>
      <ListPage<TLandingPage>
        query={query}
        pages={listPages}
        testId="landing-pages"
        create={{ label: t('referrals.admin.pages.create'), onClick: () => setCreating(true) }}
        filters={
          <>
            <ListSearch label={t('referrals.admin.pages.search')} onSearch={setSearch} />
            <ActiveFilter
              value={active}
              onChange={setActive}
              labels={{ filter: t('referrals.admin.activeFilter'), all: t('referrals.admin.allStates'), active: t('referrals.admin.active'), inactive: t('referrals.admin.inactive') }}
            />
          </>
        }
        table={{ label: t('referrals.admin.pages.listTitle'), rowKey: 'id', size: 'small', columns, dataSource: rows, emptyText: t('referrals.admin.pages.empty') }}
      />
      <NewPageDialog open={creating} onClose={() => setCreating(false)} onCreated={setChosen} />
    </section>
  );

  if (!selected) {
    return (
      <div className="landing-pages">
        {list}
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('referrals.admin.pages.select')} />
      </div>
    );
  }
  const save = async (values: TPageFormValues) => {
    const action = `landing.update:${selected.id}`;
    try {
      const saved = await updatePage({
        id: selected.id,
        changes: { displayName: values.displayName.trim(), description: values.description.trim() || null, isActive: values.isActive, content: contentOf(values) },
      }).unwrap();
      setChosen(saved);
      toast({ title: t('referrals.admin.toasts.pageSaved'), action });
    } catch (error) {
      if (serverErrors.showServerError(error)) return;
      toast({ title: t('referrals.admin.toasts.pageFailed'), description: errorMessageOf(error), variant: 'destructive', action });
    }
  };

  const template = toLandingTemplate(selected.name);
  return (
    <div className="landing-pages">
      {list}
      <div className="landing-editor" data-testid="landing-editor">
        <div className="landing-editor-form">
          <Space wrap className="landing-editor-head">
            <strong data-testid="landing-editing">{t('referrals.admin.pages.editing', { name: `${selected.displayName} (${selected.name})` })}</strong>
            <Tag color={selected.isActive ? 'green' : 'default'}>{t(selected.isActive ? 'referrals.admin.active' : 'referrals.admin.inactive')}</Tag>
            {(selected.name === 'crypto-gaming' || selected.name === 'professional-tester') && (
              <Button href={`/landing/${selected.name}`} target="_blank" rel="noopener noreferrer">
                {t('referrals.admin.pages.open')}
              </Button>
            )}
          </Space>
          <Form form={form} layout="vertical" onFinish={(values) => void save(values)} onValuesChange={serverErrors.onValuesChange}>
            <Form.Item name="displayName" label={t('referrals.admin.pages.displayName')} rules={[{ required: true, whitespace: true, message: t('referrals.admin.toasts.required') }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="description" label={t('referrals.admin.pages.description')}>
              <Input maxLength={500} />
            </Form.Item>
            <p className="muted small">{t('referrals.admin.pages.copyHint')}</p>
            <Form.Item name="title" label={t('referrals.admin.pages.copyTitle')}>
              <Input maxLength={120} placeholder={t(`landing.${template}.title`)} data-testid="landing-copy-title" />
            </Form.Item>
            <Form.Item name="intro" label={t('referrals.admin.pages.copyIntro')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} placeholder={t(`landing.${template}.intro`)} />
            </Form.Item>
            <Form.Item name="work" label={t('referrals.admin.pages.copyWork')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} placeholder={t(`referrals.landing.${template}.work`)} />
            </Form.Item>
            <Form.Item name="payment" label={t('referrals.admin.pages.copyPayment')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} placeholder={t('referrals.landing.payment')} />
            </Form.Item>
            <Form.Item name="isActive" valuePropName="checked">
              <Checkbox>{t('referrals.admin.pages.isActive')}</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={state.isLoading} data-testid="landing-save">
              {t('common.save')}
            </Button>
          </Form>
        </div>
        <section className="landing-editor-preview" aria-label={t('referrals.admin.pages.preview')}>
          <div className="muted small">{t('referrals.admin.pages.preview')}</div>
          <div className="landing-preview-frame landing-page" data-testid="landing-preview">
            <main className="landing-main">
              <LandingCopy template={template} content={previewOf(contentOf(watched ?? {}))} onApply={() => undefined} />
            </main>
          </div>
        </section>
      </div>
    </div>
  );
}
