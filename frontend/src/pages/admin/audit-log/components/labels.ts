import type { TFunction } from 'i18next';
import { actionKey, isKnownAction, isKnownTargetType } from '../../../../features/admin/auditLogQuery';
import type { adminEn } from '../../../../locales/admin.en';

type TActionCatalogueKey = keyof typeof adminEn.audit.actions;

/** An action in words ("Balance adjusted"); an action this screen does not know yet is shown as the server names it. */
export function actionLabel(t: TFunction, action: string): string {
  return isKnownAction(action) ? t(`admin.audit.actions.${actionKey(action) as TActionCatalogueKey}`) : action;
}

/** A target type in words; an unknown one as the server names it. */
export function targetTypeLabel(t: TFunction, type: string): string {
  return isKnownTargetType(type) ? t(`admin.audit.targetTypes.${type}`) : type;
}
