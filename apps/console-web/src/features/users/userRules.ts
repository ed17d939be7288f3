import { AddUserRequest, ChangePasswordRequest, ChangeUserPasswordRequest } from '@stowage/contract';
import type { TFunction } from 'i18next';
import { problemText } from '../../forms/problemText.js';
import {
  type FieldProblem,
  propertyRules,
  type StringRules,
  stringProblem,
} from '../../forms/schemaRules.js';

/** Spec 000 §5 password rules (at least 8 characters), read from each request's contract schema. */
export const PASSWORD_RULES = {
  newUser: propertyRules(AddUserRequest, 'secretKey'),
  userChange: propertyRules(ChangeUserPasswordRequest, 'newSecretKey'),
  ownChange: propertyRules(ChangePasswordRequest, 'new_secret_key'),
} as const;

/** What is wrong with a typed password; nothing while it is empty. */
export const passwordProblem = (rules: StringRules, password: string): FieldProblem | undefined =>
  stringProblem(rules, password, false);

/** Spec 000 §5 names the message for a short password. */
export const passwordProblemText = (t: TFunction, problem: FieldProblem | undefined) =>
  problemText(t, problem, { tooShort: t('users.passwordTooShort') });
