import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Cta, CtaTarget } from '../../../content/home';

const TARGETS: Record<CtaTarget, string> = {
  signup: paths.signup,
  about: paths.about,
  contact: paths.contact,
};

/** A call-to-action button from content (`{ label, to }`), linking to its page. */
export function CtaButton({ cta, ...props }: { cta: Cta } & ButtonProps) {
  return (
    <Button component={Link} to={TARGETS[cta.to]} {...props}>
      {cta.label}
    </Button>
  );
}
