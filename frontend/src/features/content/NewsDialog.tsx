import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { type TNewsArticle } from './content.api';

/** One news item in full: title, date ('MMM d, yyyy') and the text with its line breaks, shown as text. */
export default function NewsDialog({ article, onClose }: { article: TNewsArticle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Kept while the modal animates closed.
  const [shown, setShown] = useState(article);
  useEffect(() => {
    if (article) setShown(article);
  }, [article]);
  return (
    <Modal
      open={article !== null}
      title={shown?.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('news.close')}</Button>}
      data-testid="news-dialog"
    >
      {shown && (
        <div data-testid="news-dialog-body">
          <div className="news-modal-date">{format.date(shown.createdAt)}</div>
          <div className="news-modal-content">{shown.content}</div>
        </div>
      )}
    </Modal>
  );
}
