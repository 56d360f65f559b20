/**
 * The home page's two sliders: account ratings and client testimonials, each rated out of 5.
 * Publish only reviews your clients gave you (docs/product.md).
 */
import { brand } from './brand';

export interface Review {
  name: string;
  /** The reviewer's account type or where they are from. */
  detail: string;
  /** Stars out of 5. */
  rating: number;
  quote: string;
}

/** Shown under both sliders; say where the reviews come from, or leave it empty. */
export const reviewsNote = brand.isDemoBrand ? 'Sample reviews for this demo site.' : '';

export const accountRatings = {
  title: 'Account Ratings',
  reviews: [
    {
      name: 'Starter account',
      detail: 'Rated by new traders',
      rating: 4,
      quote: 'A low minimum and the same platforms as the bigger accounts.',
    },
    {
      name: 'Bronze account',
      detail: 'Rated by part-time traders',
      rating: 4,
      quote: 'The education tools made the first months much less confusing.',
    },
    {
      name: 'Silver account',
      detail: 'Rated by active traders',
      rating: 5,
      quote: 'Tighter spreads and a weekly analysis report worth reading.',
    },
    {
      name: 'Gold account',
      detail: 'Rated by professional traders',
      rating: 5,
      quote: 'Market update e-mails arrive before the session opens.',
    },
    {
      name: 'Platinum account',
      detail: 'Rated by high-volume traders',
      rating: 4,
      quote: 'Funding in Bitcoin is simple and the spreads are the lowest we offer.',
    },
  ] satisfies Review[],
};

export const testimonials = {
  title: 'Testimonials',
  reviews: [
    {
      name: 'Amara O.',
      detail: 'Lagos',
      rating: 5,
      quote: 'Support answered my withdrawal question within the hour, at 2 a.m.',
    },
    {
      name: 'Lukas B.',
      detail: 'Munich',
      rating: 4,
      quote: 'I like that every change to my balance has a line in the history.',
    },
    {
      name: 'Priya S.',
      detail: 'Pune',
      rating: 5,
      quote: 'The seminars explained leverage better than any video I had watched.',
    },
    {
      name: 'Diego M.',
      detail: 'Valencia',
      rating: 4,
      quote: 'Signing up took five minutes; verifying my identity took two days.',
    },
  ] satisfies Review[],
};
