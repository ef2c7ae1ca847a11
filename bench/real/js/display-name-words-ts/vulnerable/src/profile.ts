export interface ProfileInput {
  displayName: string;
  bio?: string;
}

export function validateProfile(input: ProfileInput): string[] {
  const errors: string[] = [];
  const name = input.displayName ?? '';
  if (name.length < 2) errors.push('display name too short');
  if (!/^(\w+\s?)*$/.test(name)) errors.push('display name may only contain letters, digits and spaces');
  if (input.bio && input.bio.length > 280) errors.push('bio too long');
  return errors;
}
