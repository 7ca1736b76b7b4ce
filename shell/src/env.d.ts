declare module '*.css';
/** Replaced by webpack (optimization.nodeEnv) at build time. */
declare const process: { env: { NODE_ENV?: string } };
