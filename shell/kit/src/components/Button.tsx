import type { ComponentPropsWithRef } from 'react';

/** A button's props, `ref` included (React 19 passes it as a prop). */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'sm';
}

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`vk-btn vk-btn--${variant} vk-btn--${size} ${className}`.trim()} {...rest} />;
}
