import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, client, Link, TextField, useSession } from '@verba/kit';
import { MESSAGES, SUPPORT_MESSAGES } from '@verba/contracts';
import { sendSupportAdmin, sendSupportUser } from '@verba/contracts/http';
import { PATHS } from '../../routing/paths';
import { contactSchema, type ContactValues } from '../contact-schema';

/** Sends the message to the team, then the confirmation to the sender (a guest may write: a 401 is no expired session). */
async function sendSupportMessage(values: ContactValues): Promise<void> {
  await client.call(sendSupportAdmin, { body: values, expireOn401: false });
  await client.call(sendSupportUser, { body: values, expireOn401: false });
}

export function ContactUs() {
  const { user } = useSession();
  const messageId = useId();
  const [status, setStatus] = useState<{ kind: 'sent' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    mode: 'onTouched',
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await sendSupportMessage(values);
      reset({ ...values, message: '' });
      setStatus({ kind: 'sent', text: SUPPORT_MESSAGES.sent });
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof Error ? error.message : MESSAGES.other.unknownError });
    }
  });

  const messageError = errors.message?.message;
  return (
    <article className="pb-article pb-contact">
      <h1>Contact support</h1>
      <p className="pb-lead">
        Tell us what happened or what you would like to see in Verba. We usually answer within two working days. Many questions are already
        answered in the <Link href={PATHS.faq}>FAQ</Link>.
      </p>
      <form className="sh-card pb-contact__form" onSubmit={onSubmit} noValidate aria-label="Contact support">
        {status ? (
          <p className={status.kind === 'sent' ? 'sh-banner' : 'sh-form-error'} role={status.kind === 'sent' ? 'status' : 'alert'}>
            {status.text}
          </p>
        ) : null}
        <TextField label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <div className="vk-field">
          <label htmlFor={messageId} className="vk-field__label">
            Message
            <span className="vk-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <textarea
            id={messageId}
            className="vk-input pb-contact__message"
            rows={7}
            required
            aria-required
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${messageId}-error` : undefined}
            {...register('message')}
          />
          {messageError ? (
            <p id={`${messageId}-error`} className="vk-field__error">
              {messageError}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send message'}
        </Button>
      </form>
    </article>
  );
}
