export * from './domain/index';
export * from './http/index';
