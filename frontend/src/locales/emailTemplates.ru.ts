import type { TCatalogue } from './en';

/** Admin > Email Templates in Russian: the keys of emailTemplates.en.ts (a missing one is a compile error). */
export const emailTemplatesRu: TCatalogue['emailTemplates'] = {
  back: 'Назад к панели',
  intro: 'Письма, которые платформа отправляет по событиям. Переменные пишутся в двойных фигурных скобках, например {{example}}, сервер подставляет их при отправке.',
  create: 'Создать шаблон',
  loadFailed: 'Не удалось загрузить шаблоны',
  columns: {
    name: 'Название',
    subject: 'Тема',
    variables: 'Переменные',
    updated: 'Изменён',
  },
  noVariables: 'Нет',
  empty: {
    title: 'Шаблонов пока нет',
    description: 'Создайте три шаблона по умолчанию одним нажатием: {{names}}. Их переменные: {{variables}}. Потом их можно изменить.',
    action: 'Создать шаблоны по умолчанию',
  },
  dialog: {
    createTitle: 'Новый шаблон',
    editTitle: 'Изменение шаблона',
    nameReadOnly: 'Название изменить нельзя',
    variablesHint: 'Необязательно. Введите имя и нажмите Enter. Если оставить пустым при создании, сервер возьмёт их из шаблона.',
    variablesPlaceholder: 'например, userName',
    previewTitle: 'Просмотр HTML',
    previewHint: 'Переменные показаны как написаны; сервер подставит их при отправке письма.',
    previewEmpty: 'Пока нечего показать',
  },
  fields: {
    name: 'Название',
    subject: 'Тема',
    htmlContent: 'HTML-содержимое',
    textContent: 'Текстовое содержимое',
    variables: 'Переменные',
  },
  validation: {
    nameRequired: 'Укажите название',
    subjectRequired: 'Укажите тему',
    htmlContentRequired: 'Укажите HTML-содержимое',
    textContentRequired: 'Укажите текстовое содержимое',
    variableInvalid: 'Имя переменной может содержать только буквы, цифры и _',
  },
  toasts: {
    created: 'Шаблон создан',
    updated: 'Шаблон обновлён',
    defaultsCreated: 'Шаблоны по умолчанию созданы',
    createFailed: 'Не удалось создать',
    updateFailed: 'Не удалось обновить',
    defaultsFailed: 'Не удалось создать шаблоны по умолчанию',
  },
};
