import type { Widget } from '@stowage/contract';
import { useTranslation } from 'react-i18next';

/**
 * A widget's title in the user's language, looked up by the widget's stable id; a widget the
 * web app does not know yet (a newer server) keeps the title the server sent.
 */
export function useWidgetTitle(widget: Pick<Widget, 'id' | 'title'>): string {
  const { t } = useTranslation();
  return t(`dashboard.widgetTitles.${widget.id}`, { defaultValue: widget.title });
}
