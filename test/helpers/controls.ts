/**
 * Text with one control character of each class, and how adcli writes it: C0 (NUL, BEL, BS, ESC,
 * CR, LF, TAB), DEL, C1 (NEL, CSI), the bidi controls (RLO, LRI, PDI, RLM, ALM), U+2028 and U+2029.
 */
export const CONTROLS =
  'a\u0000b\u0007c\u0008d\u001b[31me\rf\ng\th\u007fi\u0085j\u009b2Jk\u202el\u2066m\u2069n\u200fo\u061cp\u2028q\u2029r';
export const ESCAPED =
  'a\\u0000b\\u0007c\\u0008d\\u001b[31me\\rf\\ng\\th\\u007fi\\u0085j\\u009b2Jk\\u202el\\u2066m\\u2069n\\u200fo\\u061cp\\u2028q\\u2029r';

/** Any control character but the newline that ends a line. */
export const RAW_CONTROL =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * The same without NUL, which the API refuses in every text (Postgres cannot store it): what a
 * record made through adcli serve can hold. CONTROLS keeps NUL for the escaping itself.
 */
export const STORABLE_CONTROLS = CONTROLS.replace('\u0000', '\u0001');
export const STORABLE_ESCAPED = ESCAPED.replace('\\u0000', '\\u0001');
