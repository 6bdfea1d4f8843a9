// product rules G2: the product's name lives here alone, so it can change in one place.
export const PRODUCT_NAME = 'Tessera';
export const PRODUCT_SLUG = 'tessera';
export const INTRO_POST_PATH = `/blog/introducing-${PRODUCT_SLUG}`;
export const SUPPORT_EMAIL = 'support@tessera.app';
export const HELLO_EMAIL = 'hello@tessera.app';
export const CAREERS_EMAIL = 'careers@tessera.app';
