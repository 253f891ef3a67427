// The most common passwords of 8 characters or more, from public breach top lists.
// Refusing them stops the bulk of credential-stuffing and guessing attacks.
export const commonPasswords: ReadonlySet<string> = new Set(
  `
  password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword 12345678
  123456789 1234567890 11111111 00000000 88888888 87654321 12341234 11223344 qwertyuiop qwerty123
  qwerty12 qwertyui 1qaz2wsx 1q2w3e4r 1q2w3e4r5t zaq12wsx iloveyou iloveyou1 sunshine sunshine1
  princess princess1 football football1 baseball baseball1 welcome1 welcome123 letmein1
  letmein123 trustno1 superman batman123 starwars dragon123 master123 monkey123 abc12345 abcd1234
  abcdefgh a1b2c3d4 aa123456 asdfghjk asdfasdf asdf1234 zxcvbnm1 zxcvbnm123 computer internet
  michelle jennifer jordan23 charlie1 whatever freedom1 shadow12 mustang1 killer12 hunter12
  hunter123 secret123 changeme changeme1 administrator admin123 admin1234 adminadmin rootroot
  default1 testtest test1234 test12345 qazwsxedc 123qweasd 123123123 12344321 147258369 159753456
  987654321 789456123 456789123 qwerty1234 q1w2e3r4 q1w2e3r4t5 passport michael1 jessica1
  ashley12 daniel12 thomas12 liverpool chelsea1 arsenal1 samsung1 pokemon1 minecraft blink182
  metallica nicholas maverick mercedes corvette harley1 diamond1 flower12 butterfly cookie12
  chocolate summer12 summer2024 summer2025 summer2026 winter2024 winter2025 winter2026 spring2025
  autumn2025 january1 december iloveu12 loveyou1 lovelove forever1 jesus123 blessed1 hello123
  hello1234 helloworld goodluck newyork1 london12 access14 letmein! 1qazxsw2 unknown1 security
  welcome! p4ssw0rd passwort motdepasse contrasena senha123 azerty123 azertyuiop 0987654321
  demo-pass demopass
  `
    .split(/\s+/)
    .filter(Boolean),
);
