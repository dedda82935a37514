import type { TFunction } from 'i18next';
import { actionKey, isKnownAction, isKnownTargetType, type TAuditAction, type TAuditTargetType } from '../../../../features/audit/auditLogQuery';
import type { adminEn } from '../../../../locales/admin.en';

type TActionCatalogueKey = keyof typeof adminEn.audit.actions;

/** "balance.adjusted" -> "balance_adjusted" at the type level. */
type TDotsToUnderscores<S extends string> = S extends `${infer Head}.${infer Tail}` ? `${Head}_${TDotsToUnderscores<Tail>}` : S;
/** Fails the typecheck when an action of contracts' AUDIT_ACTIONS, or a target type, has no words in the catalogue. */
type TMissingActionWords = Exclude<TDotsToUnderscores<TAuditAction>, TActionCatalogueKey>;
type TMissingTargetWords = Exclude<TAuditTargetType, keyof typeof adminEn.audit.targetTypes>;
const everyActionHasWords: [TMissingActionWords, TMissingTargetWords] extends [never, never] ? true : never = true;
void everyActionHasWords;

/** An action in words ("Balance adjusted"); an action this screen does not know yet is shown as the server names it. */
export function actionLabel(t: TFunction, action: string): string {
  return isKnownAction(action) ? t(`admin.audit.actions.${actionKey(action) as TActionCatalogueKey}`) : action;
}

/** A target type in words; an unknown one as the server names it. */
export function targetTypeLabel(t: TFunction, type: string): string {
  return isKnownTargetType(type) ? t(`admin.audit.targetTypes.${type}`) : type;
}
