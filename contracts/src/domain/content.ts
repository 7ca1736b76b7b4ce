/** The content context's shared rules: announcement banners and the support form. */
export * from './banners';
export * from './support';
