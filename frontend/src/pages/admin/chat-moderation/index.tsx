import type { TModerationResult } from '@platform/contracts';
import { BugOutlined, CloseOutlined, DollarOutlined, FileProtectOutlined, MailOutlined, PlusOutlined, SafetyOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Spin, Tag } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { serverMessageOf } from '../../../app/errorMessage';
import { useAddBannedWordsMutation, useBannedWordsQuery, useRemoveBannedWordsMutation, useTestModerationMutation } from '../../../features/chat/chat.admin.api';
import '../chat-admin.css';

/** Spec 03 s.9: the fixed informational category cards. */
const CATEGORIES: { key: 'fraud' | 'phishing' | 'malware' | 'financial' | 'forgeries' | 'spam'; icon: ReactNode }[] = [
  { key: 'fraud', icon: <WarningOutlined /> },
  { key: 'phishing', icon: <SafetyOutlined /> },
  { key: 'malware', icon: <BugOutlined /> },
  { key: 'financial', icon: <DollarOutlined /> },
  { key: 'forgeries', icon: <FileProtectOutlined /> },
  { key: 'spam', icon: <MailOutlined /> },
];

function TestBox() {
  const { t } = useTranslation();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<TModerationResult | null>(null);
  const [testModeration, { isLoading }] = useTestModerationMutation();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!message.trim()) {
      toast({ title: t('common.error'), description: t('chat.moderation.enterMessage'), variant: 'destructive', action: 'chat.moderation.test' });
      return;
    }
    try {
      setResult(await testModeration(message).unwrap());
      toast.dismiss('chat.moderation.test');
    } catch (error) {
      toast({ title: t('chat.moderation.testFailed'), description: serverMessageOf(error), variant: 'destructive', action: 'chat.moderation.test' });
    }
  };

  return (
    <section className="panel chat-admin-card" aria-labelledby="moderation-test-title">
      <h2 className="panel-title" id="moderation-test-title">
        {t('chat.moderation.testTitle')}
      </h2>
      <p className="muted small">{t('chat.moderation.testHint')}</p>
      <form onSubmit={(event) => void submit(event)} className="chat-admin-form">
        <Input.TextArea value={message} onChange={(event) => setMessage(event.target.value)} placeholder={t('chat.moderation.testPlaceholder')} autoSize={{ minRows: 2, maxRows: 6 }} aria-label={t('chat.moderation.testTitle')} data-testid="moderation-test-input" />
        <Button type="primary" htmlType="submit" loading={isLoading} data-testid="moderation-test-button">
          {t('chat.moderation.test')}
        </Button>
      </form>
      {result && (
        <div className="chat-admin-result" data-testid="moderation-result">
          <Alert type={result.isAllowed ? 'success' : 'error'} showIcon title={result.isAllowed ? t('chat.moderation.allowed') : t('chat.moderation.blocked')} description={result.reason} />
          {result.blockedWords.length > 0 && (
            <div>
              <div className="muted small">{t('chat.moderation.blockedWords')}</div>
              {result.blockedWords.map((word) => (
                <Tag key={word} color="red">
                  {word}
                </Tag>
              ))}
            </div>
          )}
          <div>
            <div className="muted small">{t('chat.moderation.cleaned')}</div>
            <div className="chat-admin-cleaned">{result.cleanedMessage}</div>
          </div>
        </div>
      )}
    </section>
  );
}

function BannedWords() {
  const { t } = useTranslation();
  const toast = useToast();
  const [word, setWord] = useState('');
  const { data: words, isLoading, isError } = useBannedWordsQuery();
  const [addWords, { isLoading: adding }] = useAddBannedWordsMutation();
  const [removeWords] = useRemoveBannedWordsMutation();

  const add = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = word.trim();
    if (!trimmed) {
      toast({ title: t('common.error'), description: t('chat.moderation.enterWord'), variant: 'destructive', action: 'chat.moderation.add' });
      return;
    }
    try {
      await addWords([trimmed]).unwrap();
      setWord('');
      toast({ title: t('chat.moderation.added'), action: 'chat.moderation.add' });
    } catch (error) {
      toast({ title: t('chat.moderation.addFailed'), description: serverMessageOf(error), variant: 'destructive', action: 'chat.moderation.add' });
    }
  };

  const remove = async (target: string) => {
    try {
      await removeWords([target]).unwrap();
      toast({ title: t('chat.moderation.removed'), action: `chat.moderation.remove:${target}` });
    } catch (error) {
      toast({ title: t('chat.moderation.removeFailed'), description: serverMessageOf(error), variant: 'destructive', action: `chat.moderation.remove:${target}` });
    }
  };

  return (
    <section className="panel chat-admin-card" aria-labelledby="banned-words-title">
      <h2 className="panel-title" id="banned-words-title">
        {t('chat.moderation.wordsTitle')} {words && <span className="muted small">({t('chat.moderation.count', { count: words.length })})</span>}
      </h2>
      <p className="muted small">{t('chat.moderation.wordsHint')}</p>
      <form onSubmit={(event) => void add(event)} className="chat-admin-form row">
        <Input value={word} onChange={(event) => setWord(event.target.value)} placeholder={t('chat.moderation.wordPlaceholder')} maxLength={100} aria-label={t('chat.moderation.wordPlaceholder')} data-testid="banned-word-input" />
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={adding} data-testid="banned-word-add">
          {t('chat.moderation.add')}
        </Button>
      </form>
      {isError && <Alert type="error" showIcon title={t('chat.moderation.loadFailed')} />}
      {/* Spec 03 s.9: the list scrolls at 400 px. */}
      <div className="banned-word-list" data-testid="banned-word-list" tabIndex={0} aria-label={t('chat.moderation.wordsTitle')}>
        {isLoading ? (
          <Spin />
        ) : words && words.length > 0 ? (
          <ul>
            {words.map((w) => (
              <li key={w}>
                <span>{w}</span>
                <Button type="text" size="small" danger icon={<CloseOutlined />} aria-label={t('chat.moderation.removeWord', { word: w })} onClick={() => void remove(w)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('chat.moderation.noWords')}</p>
        )}
      </div>
    </section>
  );
}

/** Admin > Chat Moderation (spec 03): the test box, the banned-word list (scrolls at 400 px), the six category cards. */
export function ChatModerationSection() {
  const { t } = useTranslation();
  return (
    <div className="chat-admin" data-testid="chat-moderation">
      <div className="chat-admin-columns">
        <TestBox />
        <BannedWords />
      </div>
      <section aria-labelledby="categories-title">
        <h2 className="chat-admin-heading" id="categories-title">
          {t('chat.moderation.categoriesTitle')}
        </h2>
        <div className="chat-admin-categories">
          {CATEGORIES.map((category) => (
            <div key={category.key} className="chat-admin-category" data-testid={`category-${category.key}`}>
              <span className="chat-admin-category-icon" aria-hidden="true">
                {category.icon}
              </span>
              <div>
                <h3>{t(`chat.moderation.categories.${category.key}.title`)}</h3>
                <p className="muted small">{t(`chat.moderation.categories.${category.key}.text`)}</p>
              </div>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
