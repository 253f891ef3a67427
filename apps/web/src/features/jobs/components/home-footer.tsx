import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../components/icons';
import { BriefcaseIcon, SparkIcon } from '../../../components/more-icons';
import classes from '../screens/home-screen.module.css';

const valuePoints: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <BriefcaseIcon />,
    title: 'One profile, every application',
    text: 'Keep your resume, experience and skills in one place and apply in a few clicks.',
  },
  {
    icon: <SparkIcon />,
    title: 'Interviews without the back-and-forth',
    text: 'Employers schedule interviews and chat with candidates right where the application lives.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Feedback you can show',
    text: 'Job seekers choose which interview feedback to show on their profile. Good work travels with you.',
  },
];

/** What Hireloop offers, in three points, for visitors below the search. */
export function VisitorPoints() {
  return (
    <Box className={classes.points}>
      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 32, sm: 48 }}>
        <div className={classes.pointsGrid}>
          {valuePoints.map((point) => (
            <Group key={point.title} gap="sm" align="flex-start" wrap="nowrap">
              <ThemeIcon variant="light" size={40} radius="md">
                {point.icon}
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={2} fz="md">
                  {point.title}
                </Title>
                <Text c="dimmed" size="sm" lh={1.55}>
                  {point.text}
                </Text>
              </Stack>
            </Group>
          ))}
        </div>
      </Container>
    </Box>
  );
}

/** The home page's footer: the year and the administrators' way in. */
export function HomeFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py="lg">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Hireloop
          </Text>
          <Anchor component={Link} to="/adminlogin" size="sm" c="dimmed">
            Administrator sign-in
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
