/**
 * Loaders of third-party embeds for `<ExternalEmbed>`: the charting provider's widgets and the
 * page-translation element. Each loader fills a container and settles when the provider's script
 * has loaded (or failed to).
 */

/** Fills `container` with an embed; resolves once loaded, rejects if its host cannot be reached. */
export type EmbedLoader = (container: HTMLElement) => Promise<void>;

/** Appends a script to `parent` and settles on its load or error event. */
function appendScript(parent: HTMLElement, src: string, text = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.text = text;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    parent.append(script);
  });
}

/** A loader of the charting provider's widget `name` (its embed script reads the JSON config it carries). */
export function tradingViewWidget(name: string, config: Record<string, unknown>): EmbedLoader {
  return (container) => {
    const widget = document.createElement('div');
    widget.className = 'tradingview-widget-container';
    const target = document.createElement('div');
    target.className = 'tradingview-widget-container__widget';
    widget.append(target);
    container.append(widget);
    return appendScript(
      widget,
      `https://s3.tradingview.com/external-embedding/embed-widget-${name}.js`,
      JSON.stringify(config),
    );
  };
}

interface TranslateApi {
  translate: {
    TranslateElement: {
      new (options: Record<string, unknown>, elementId: string): unknown;
      InlineLayout: { SIMPLE: unknown };
    };
  };
}

declare global {
  interface Window {
    google?: TranslateApi;
    onTranslateElementReady?: () => void;
  }
}

let translateApi: Promise<TranslateApi> | undefined;

/** Loads the translation script once for the page; a failed load may be retried later. */
function loadTranslateApi(): Promise<TranslateApi> {
  translateApi ??= new Promise<TranslateApi>((resolve, reject) => {
    window.onTranslateElementReady = () =>
      window.google ? resolve(window.google) : reject(new Error('no api'));
    appendScript(
      document.head,
      'https://translate.google.com/translate_a/element.js?cb=onTranslateElementReady',
    ).catch(reject);
  }).catch((error: unknown) => {
    translateApi = undefined;
    throw error;
  });
  return translateApi;
}

let translateElements = 0;

/** A loader of the page-translation element offering `languages` for a page in `pageLanguage`. */
export function translateElement(pageLanguage: string, languages: readonly string[]): EmbedLoader {
  return async (container) => {
    const google = await loadTranslateApi();
    const target = document.createElement('div');
    translateElements += 1;
    target.id = `translate-element-${translateElements}`;
    container.append(target);
    new google.translate.TranslateElement(
      {
        pageLanguage,
        includedLanguages: languages.join(','),
        layout: google.translate.TranslateElement.InlineLayout.SIMPLE,
        autoDisplay: false,
      },
      target.id,
    );
  };
}
