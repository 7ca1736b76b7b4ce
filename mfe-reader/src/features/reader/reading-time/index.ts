export { useReadingTime } from './use-reading-time';
export { TextReading } from './TextReading';
