export const degreeTypes = ['Diploma', 'Bachelor', 'Master', 'PhD', 'Certification'] as const;
export type DegreeType = (typeof degreeTypes)[number];
export const proficiencyLevels = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;
export type ProficiencyLevel = (typeof proficiencyLevels)[number];
export const skillTypes = ['Technical', 'Soft'] as const;
export type SkillType = (typeof skillTypes)[number];
