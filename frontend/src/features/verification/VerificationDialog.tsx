import { MAX_VERIFICATION_IMAGE_BYTES, MIN_VERIFICATION_IMAGE_SIDE, VERIFICATION_FIELD_MAX_LENGTH, VERIFICATION_IMAGE_ACCEPT } from '@platform/contracts/constants';
import type { TMyVerification } from '@platform/contracts';
import { Button, Input, Modal, Select } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, serverMessageOf } from '../../app/errorMessage';
import { FieldError, fieldA11y } from '../../components/forms/FieldError';
import { useToast } from '../../components/toast';
import { useAppSelector } from '../../app/hooks';
import { useSessionToken } from '../tasks/useSessionToken';
import { countryNames } from './countries';
import { submitVerification, VerificationCallError } from './verificationFiles';

const TEXT_FIELDS = ['fullName', 'dateOfBirth', 'address', 'city', 'country', 'postalCode', 'documentType', 'documentNumber'] as const;
const FILE_FIELDS = ['selfieFile', 'documentFile'] as const;
type TTextField = (typeof TEXT_FIELDS)[number];
type TFileField = (typeof FILE_FIELDS)[number];
type TField = TTextField | TFileField;
const DOCUMENT_TYPES = ['passport', 'drivers_license', 'national_id'] as const;
const MAX_IMAGE_MB = MAX_VERIFICATION_IMAGE_BYTES / (1024 * 1024);

/**
 * The picture's size in pixels as the browser decodes it, or null when it cannot (HEIC in most browsers, or no
 * decoder): the server then decides, by the same rule.
 */
async function readImageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

const EMPTY: Record<TTextField, string> = { fullName: '', dateOfBirth: '', address: '', city: '', country: '', postalCode: '', documentType: '', documentNumber: '' };

/**
 * The Identity Verification dialog (spec 02 s.5: all fields required, each with its message; images only). The rules
 * of the photos are stated beside them before anything is chosen (issue 28 item 5), from the contracts' constants the
 * server enforces; a picture under the minimum size is refused under its field as soon as it is chosen (where the
 * browser can decode it). The server checks the same and more (the photos by content); a refusal about one field is
 * shown under that field, not in a toast over it. The full name starts as the profile's; the country offers a list.
 */
export function VerificationDialog({ open, onClose, onSubmitted }: { open: boolean; onClose: () => void; onSubmitted: (answer: TMyVerification) => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const token = useSessionToken();
  const user = useAppSelector((s) => s.session.user);
  const profileName = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  const [values, setValues] = useState<Record<TTextField, string>>({ ...EMPTY, fullName: profileName });
  const [files, setFiles] = useState<Partial<Record<TFileField, File>>>({});
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: TTextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  // The name arrives with the session; filled in while the worker has not typed one.
  useEffect(() => {
    if (profileName) setValues((v) => (v.fullName === '' ? { ...v, fullName: profileName } : v));
  }, [profileName]);

  // A photo's check (its size, decoded) takes a moment: Submit pressed meanwhile waits for it instead of saying the
  // photo is missing. The latest check per field; each resolves to the file if it is kept.
  const checks = useRef<Partial<Record<TFileField, Promise<File | undefined>>>>({});
  const pick = (field: TFileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const check = checkPicked(field, event);
    checks.current[field] = check;
    void check.then((file) => {
      if (checks.current[field] === check) setFiles((f) => ({ ...f, [field]: file }));
    });
  };
  const checkPicked = async (field: TFileField, event: ChangeEvent<HTMLInputElement>): Promise<File | undefined> => {
    const input = event.target;
    const file = input.files?.[0];
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFiles((f) => ({ ...f, [field]: undefined }));
    if (!file) return undefined;
    const looksLikeImage = file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);
    if (!looksLikeImage) {
      setErrors((e) => ({ ...e, [field]: `${t(`verification.messages.${field}`)} (${t('verification.messages.imageOnly')})` }));
      event.target.value = '';
      return undefined;
    }
    if (file.size > MAX_VERIFICATION_IMAGE_BYTES) {
      setErrors((e) => ({ ...e, [field]: t('verification.dialog.tooLarge', { label: t(`verification.dialog.fields.${field}`), maxMb: MAX_IMAGE_MB }) }));
      input.value = '';
      return undefined;
    }
    const size = await readImageSize(file);
    if (size && Math.min(size.width, size.height) < MIN_VERIFICATION_IMAGE_SIDE) {
      setErrors((e) => ({
        ...e,
        [field]: t('verification.dialog.tooSmall', { label: t(`verification.dialog.fields.${field}`), minSide: MIN_VERIFICATION_IMAGE_SIDE, width: size.width, height: size.height }),
      }));
      input.value = '';
      return undefined;
    }
    return file;
  };

  const submit = async () => {
    setBusy(true);
    const chosen: Partial<Record<TFileField, File>> = {};
    for (const field of FILE_FIELDS) chosen[field] = await (checks.current[field] ?? files[field]);
    const found: Partial<Record<TField, string>> = {};
    for (const field of TEXT_FIELDS) if (!values[field].trim()) found[field] = t(`verification.messages.${field}`);
    for (const field of FILE_FIELDS) if (!chosen[field]) found[field] = t(`verification.messages.${field}`);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setBusy(false);
      return;
    }
    try {
      const answer = await submitVerification({ ...values, selfieFile: chosen.selfieFile!, documentFile: chosen.documentFile! }, token());
      toast({ title: t('verification.toasts.submitted'), description: t('verification.toasts.submittedBody') });
      setValues(EMPTY);
      setFiles({});
      checks.current = {};
      onSubmitted(answer);
    } catch (error) {
      const message = error instanceof VerificationCallError ? serverMessageOf(error) : errorMessageOf(error);
      if (error instanceof VerificationCallError && error.field && (TEXT_FIELDS as readonly string[]).concat(FILE_FIELDS).includes(error.field) && message) {
        // Under the field it concerns (and in view), not in a toast covering the form.
        setErrors({ [error.field]: message });
        toast.dismiss('verification.submit');
        document.getElementById(`verification-${error.field}`)?.closest('.form-field')?.scrollIntoView?.({ block: 'center' });
        return;
      }
      toast({ title: t('verification.toasts.failed'), description: message ?? t('verification.toasts.failedFallback'), variant: 'destructive', action: 'verification.submit' });
    } finally {
      setBusy(false);
    }
  };

  const text = (field: TTextField, props: { type?: string; autoComplete?: string; list?: string } = {}) => (
    <div className="form-field" key={field}>
      <label htmlFor={`verification-${field}`}>{t(`verification.dialog.fields.${field}`)}</label>
      <Input
        id={`verification-${field}`}
        value={values[field]}
        maxLength={VERIFICATION_FIELD_MAX_LENGTH[field]}
        onChange={(e) => set(field, e.target.value)}
        {...props}
        {...fieldA11y(`verification-${field}-error`, errors[field])}
      />
      <FieldError id={`verification-${field}-error`} message={errors[field]} />
    </div>
  );
  const fileInput = (field: TFileField, capture: 'user' | 'environment') => (
    <div className="form-field" key={field}>
      <label htmlFor={`verification-${field}`}>{t(`verification.dialog.fields.${field}`)}</label>
      {/* The browser's own file button speaks the browser's language ("Choose File"); ours speaks the interface's. */}
      <input
        id={`verification-${field}`}
        className="verification-file-input"
        type="file"
        tabIndex={-1}
        accept={VERIFICATION_IMAGE_ACCEPT}
        capture={capture}
        onChange={(e) => void pick(field)(e)}
        {...(errors[field] ? { 'aria-invalid': true, 'aria-describedby': `verification-${field}-error` } : {})}
      />
      <Button
        className="verification-file-button"
        aria-label={`${t(`verification.dialog.fields.${field}`)}: ${t('verification.dialog.chooseFile')}`}
        onClick={() => document.getElementById(`verification-${field}`)?.click()}
      >
        {t('verification.dialog.chooseFile')}
      </Button>
      <div className="muted small" data-testid={`verification-${field}-rules`}>
        {t('verification.dialog.photoRules', { maxMb: MAX_IMAGE_MB, minSide: MIN_VERIFICATION_IMAGE_SIDE })}
      </div>
      {files[field] && <div className="muted small">{t('verification.dialog.chosen', { name: files[field].name })}</div>}
      <FieldError id={`verification-${field}-error`} message={errors[field]} />
    </div>
  );

  return (
    <Modal
      open={open}
      title={t('verification.dialog.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={busy} onClick={() => void submit()} data-testid="verification-submit">
          {t('verification.dialog.submit')}
        </Button>,
      ]}
    >
      <p className="muted small">{t('verification.dialog.intro')}</p>
      <form
        className="verification-form"
        data-testid="verification-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {text('fullName', { autoComplete: 'name' })}
        {text('dateOfBirth', { type: 'date', autoComplete: 'bday' })}
        {text('address', { autoComplete: 'street-address' })}
        {text('city', { autoComplete: 'address-level2' })}
        {text('country', { autoComplete: 'country-name', list: 'verification-countries' })}
        <datalist id="verification-countries" data-testid="verification-countries">
          {countryNames(i18n.language).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {text('postalCode', { autoComplete: 'postal-code' })}
        <div className="form-field">
          <label htmlFor="verification-documentType">{t('verification.dialog.fields.documentType')}</label>
          <Select
            id="verification-documentType"
            style={{ width: '100%' }}
            placeholder={t('verification.dialog.selectType')}
            value={values.documentType || undefined}
            onChange={(value: string) => set('documentType', value)}
            options={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`verification.dialog.documentTypes.${type}`) }))}
            {...fieldA11y('verification-documentType-error', errors.documentType)}
          />
          <FieldError id="verification-documentType-error" message={errors.documentType} />
        </div>
        {text('documentNumber')}
        {fileInput('selfieFile', 'user')}
        {fileInput('documentFile', 'environment')}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}
