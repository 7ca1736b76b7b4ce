export * from './domain/index';
