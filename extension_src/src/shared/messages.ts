// The messages DocMind's contexts exchange (seed 000 Appendix A), with guards that check a message's shape
// where it is received: a message that does not match is answered with an error, never acted on.

export type UnsupportedReason =
  | 'virtualized-content'
  | 'iframe-heavy'
  | 'shadow-dom-content'
  | 'insufficient-text'
  | 'too-large'
  | 'restricted-page';

export type PendingContext = {
  kind: 'selection';
  tabId: number;
  selectionText: string;
  createdAt: number;
} | null;

// Popup → Background. The popup names its tab: a popup is not a tab, so `sender.tab` is empty there.
export type PopupMessage =
  | { type: 'ANALYZE_PAGE'; tabId: number }
  | { type: 'GET_PENDING_CONTEXT'; tabId: number }
  | { type: 'CLEAR_PENDING_CONTEXT'; tabId: number };

// Background → Popup
export type PageAnalysis =
  | { type: 'PAGE_ANALYZED'; charactersAnalyzed: number; truncated: boolean }
  | { type: 'PAGE_UNSUPPORTED'; reason: UnsupportedReason };
export type BackgroundResponse =
  | PageAnalysis
  | { type: 'PENDING_CONTEXT'; payload: PendingContext }
  | { type: 'ERROR'; error: string };

// Background → Content script
export type ContentMessage = { type: 'EXTRACT_TEXT' };

// Content script → Background
export type ContentResponse = { type: 'TEXT_EXTRACTED'; text: string; charCount: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTabId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

export function isPopupMessage(value: unknown): value is PopupMessage {
  if (!isRecord(value)) return false;
  switch (value['type']) {
    case 'ANALYZE_PAGE':
    case 'GET_PENDING_CONTEXT':
    case 'CLEAR_PENDING_CONTEXT':
      return isTabId(value['tabId']) && Object.keys(value).length === 2;
    default:
      return false;
  }
}

export function isContentMessage(value: unknown): value is ContentMessage {
  return isRecord(value) && value['type'] === 'EXTRACT_TEXT' && Object.keys(value).length === 1;
}

export function isContentResponse(value: unknown): value is ContentResponse {
  return (
    isRecord(value) &&
    value['type'] === 'TEXT_EXTRACTED' &&
    typeof value['text'] === 'string' &&
    typeof value['charCount'] === 'number'
  );
}

export function isBackgroundResponse(value: unknown): value is BackgroundResponse {
  if (!isRecord(value)) return false;
  switch (value['type']) {
    case 'PAGE_ANALYZED':
      return typeof value['charactersAnalyzed'] === 'number' && typeof value['truncated'] === 'boolean';
    case 'PAGE_UNSUPPORTED':
      return typeof value['reason'] === 'string';
    case 'PENDING_CONTEXT':
      return value['payload'] === null || isRecord(value['payload']);
    case 'ERROR':
      return typeof value['error'] === 'string';
    default:
      return false;
  }
}
