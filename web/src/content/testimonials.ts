/**
 * The home page's two sliders: account ratings and client testimonials, each rated out of 5, with
 * a picture each. Publish only reviews your clients gave you (docs/product.md). The pictures are
 * our own drawings (web/public/images/testimonials): illustrated portraits stand in for client photos
 * until the clients send theirs, and each account tier has a medal.
 */
import { brand } from './brand';

/** A review's picture: its URL and its alt text ('' when the name beside it says it all). */
export interface ReviewPhoto {
  src: string;
  alt: string;
}

export interface Review {
  name: string;
  /** The reviewer's account type or where they are from. */
  detail: string;
  /** Stars out of 5. */
  rating: number;
  quote: string;
  photo: ReviewPhoto;
}

/** Where the pictures are served from (web/public/images/testimonials). */
const PICTURES = '/images/testimonials';

/** The medal of an account tier: decorative, as the tier's name is written beside it. */
const medal = (tier: string): ReviewPhoto => ({ src: `${PICTURES}/${tier}-account.svg`, alt: '' });

/** A client's illustrated portrait, described as one. */
const portrait = (file: string, name: string): ReviewPhoto => ({
  src: `${PICTURES}/${file}.svg`,
  alt: `Illustrated portrait of ${name}`,
});

/** Shown under both sliders; say where the reviews come from, or leave it empty. */
export const reviewsNote = brand.isDemoBrand ? 'Sample reviews for this demo site.' : '';

export const accountRatings = {
  title: 'Account Ratings',
  reviews: [
    {
      name: 'Starter account',
      photo: medal('starter'),
      detail: 'Rated by new traders',
      rating: 4,
      quote: 'A low minimum and the same plans as the bigger accounts.',
    },
    {
      name: 'Bronze account',
      photo: medal('bronze'),
      detail: 'Rated by part-time traders',
      rating: 4,
      quote: 'The FAQ and support made the first months much less confusing.',
    },
    {
      name: 'Silver account',
      photo: medal('silver'),
      detail: 'Rated by active traders',
      rating: 5,
      quote: 'Every plan result comes with a reason I can read.',
    },
    {
      name: 'Gold account',
      photo: medal('gold'),
      detail: 'Rated by professional traders',
      rating: 5,
      quote: 'A losing week showed up as a loss, which is why I trust the gains.',
    },
    {
      name: 'Platinum account',
      photo: medal('platinum'),
      detail: 'Rated by high-volume traders',
      rating: 4,
      quote: 'Funding in Bitcoin is simple, and each deposit is reviewed within two days.',
    },
  ] satisfies Review[],
};

export const testimonials = {
  title: 'Testimonials',
  reviews: [
    {
      name: 'Amara O.',
      photo: portrait('amara-o', 'Amara O.'),
      detail: 'Lagos',
      rating: 5,
      quote: 'Support answered my withdrawal question within the hour, at 2 a.m.',
    },
    {
      name: 'Lukas B.',
      photo: portrait('lukas-b', 'Lukas B.'),
      detail: 'Munich',
      rating: 4,
      quote: 'I like that every change to my balance has a line in the history.',
    },
    {
      name: 'Priya S.',
      photo: portrait('priya-s', 'Priya S.'),
      detail: 'Pune',
      rating: 5,
      quote: 'The risk warning was on every screen where I moved money; no one promised me a return.',
    },
    {
      name: 'Diego M.',
      photo: portrait('diego-m', 'Diego M.'),
      detail: 'Valencia',
      rating: 4,
      quote: 'Signing up took five minutes; verifying my identity took two days.',
    },
  ] satisfies Review[],
};
